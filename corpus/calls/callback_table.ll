; A callback table: a global array of three function pointers, called in a
; loop on the same argument 5: inc(5) + dbl(5) + sq(5) = 6 + 10 + 25 = 41.
; CHECK-RESULT: 41
@table = global [3 x i64 (i64)*] [i64 (i64)* @inc, i64 (i64)* @dbl, i64 (i64)* @sq]

define i64 @inc(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}

define i64 @dbl(i64 %x) {
  %r = add i64 %x, %x
  ret i64 %r
}

define i64 @sq(i64 %x) {
  %r = mul i64 %x, %x
  ret i64 %r
}

define i64 @main() {
  %i = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 3
  br i1 %more, label %body, label %done
body:
  %slot = getelementptr [3 x i64 (i64)*], [3 x i64 (i64)*]* @table, i64 0, i64 %iv
  %f = load i64 (i64)*, i64 (i64)** %slot
  %v = call i64 %f(i64 5)
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %v
  store i64 %a2, i64* %acc
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}
