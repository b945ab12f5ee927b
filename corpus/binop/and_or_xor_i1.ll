; and/or/xor at type i1 (a course form: front ends compile boolean operators to them). On 0 and 1
; they give 0 or 1 in every compiler. With t = (1 == 1) = 1 and f = (1 == 2) = 0:
; and t f = 0, or t f = 1, xor t t = 0, xor t f = 1, and t true = 1, or f false = 0.
; Each result that is 1 adds its bit: or t f (2) + xor t f (8) + and t true (16) = 26.
; CHECK-RESULT: 26
define i64 @bit(i1 %c, i64 %v) {
  br i1 %c, label %yes, label %no
yes:
  ret i64 %v
no:
  ret i64 0
}
define i64 @main() {
  %t = icmp eq i64 1, 1
  %f = icmp eq i64 1, 2
  %a = and i1 %t, %f
  %o = or i1 %t, %f
  %x0 = xor i1 %t, %t
  %x1 = xor i1 %t, %f
  %a1 = and i1 %t, true
  %o0 = or i1 %f, false
  %b0 = call i64 @bit(i1 %a, i64 1)
  %b1 = call i64 @bit(i1 %o, i64 2)
  %b2 = call i64 @bit(i1 %x0, i64 4)
  %b3 = call i64 @bit(i1 %x1, i64 8)
  %b4 = call i64 @bit(i1 %a1, i64 16)
  %b5 = call i64 @bit(i1 %o0, i64 32)
  %s1 = add i64 %b0, %b1
  %s2 = add i64 %s1, %b2
  %s3 = add i64 %s2, %b3
  %s4 = add i64 %s3, %b4
  %s5 = add i64 %s4, %b5
  ret i64 %s5
}
