; Euclid's algorithm by repeated subtraction (LLVMlite has no division):
; gcd(1071, 462) = 21, gcd(270, 192) = 6, gcd(17, 5) = 1 (coprime).
; Result 21 * 10 + 6 + 1 = 217.
; CHECK-RESULT: 217
define i64 @gcd(i64 %a, i64 %b) {
  %eq = icmp eq i64 %a, %b
  br i1 %eq, label %done, label %step
done:
  ret i64 %a
step:
  %gt = icmp sgt i64 %a, %b
  br i1 %gt, label %reduce_a, label %reduce_b
reduce_a:
  %a2 = sub i64 %a, %b
  %r1 = call i64 @gcd(i64 %a2, i64 %b)
  ret i64 %r1
reduce_b:
  %b2 = sub i64 %b, %a
  %r2 = call i64 @gcd(i64 %a, i64 %b2)
  ret i64 %r2
}

define i64 @main() {
  %x = call i64 @gcd(i64 1071, i64 462)
  %y = call i64 @gcd(i64 270, i64 192)
  %z = call i64 @gcd(i64 17, i64 5)
  %x10 = mul i64 %x, 10
  %s = add i64 %x10, %y
  %r = add i64 %s, %z
  ret i64 %r
}
