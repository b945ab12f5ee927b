; An infinite loop that keeps computing (a counter in a slot, wrapping freely): fuel-exhausted, no memory growth.
; CHECK-LIMIT: fuel-exhausted
define i64 @main() {
  %c = alloca i64
  store i64 0, i64* %c
  br label %loop
loop:
  %v = load i64, i64* %c
  %v2 = add i64 %v, 1
  store i64 %v2, i64* %c
  %stop = icmp eq i64 %v2, 0
  br i1 %stop, label %done, label %loop
done:
  ret i64 %v2
}
