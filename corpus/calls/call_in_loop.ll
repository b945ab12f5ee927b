; A call inside a loop (callee-saved state across calls): sum of sq(i) for
; i = 1..10 = 385; exit status 385 - 256 = 129.
; CHECK-RESULT: 385
define i64 @sq(i64 %x) {
  %r = mul i64 %x, %x
  ret i64 %r
}

define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 1, i64* %i
  store i64 0, i64* %s
  br label %head
head:
  %iv = load i64, i64* %i
  %c = icmp sle i64 %iv, 10
  br i1 %c, label %body, label %exit
body:
  %q = call i64 @sq(i64 %iv)
  %sv = load i64, i64* %s
  %sn = add i64 %sv, %q
  store i64 %sn, i64* %s
  %in = add i64 %iv, 1
  store i64 %in, i64* %i
  br label %head
exit:
  %r = load i64, i64* %s
  ret i64 %r
}
