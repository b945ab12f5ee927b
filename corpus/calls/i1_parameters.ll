; i1 parameters and results: select(c, a, b) returns a when c is true.
; not(x) = (x == false). select(not(false), 30, 70) = 30, select(not(true), 30, 70) = 70.
; Result 30 + 70 * 2 = 170.
; CHECK-RESULT: 170
define i1 @not(i1 %x) {
  %r = icmp eq i1 %x, 0
  ret i1 %r
}

define i64 @select(i1 %c, i64 %a, i64 %b) {
  br i1 %c, label %then, label %else
then:
  ret i64 %a
else:
  ret i64 %b
}

define i64 @main() {
  %t = call i1 @not(i1 0)
  %f = call i1 @not(i1 1)
  %x = call i64 @select(i1 %t, i64 30, i64 70)
  %y = call i64 @select(i1 %f, i64 30, i64 70)
  %y2 = mul i64 %y, 2
  %r = add i64 %x, %y2
  ret i64 %r
}
