; The Ackermann function (deep, non-primitive recursion): ack(2, 3) = 2*3 + 3 = 9,
; ack(3, 3) = 2^(3+3) - 3 = 61. Result 9 * 100 + 61 = 961 (exit status 193).
; CHECK-RESULT: 961
define i64 @ack(i64 %m, i64 %n) {
  %m0 = icmp eq i64 %m, 0
  br i1 %m0, label %case0, label %case1
case0:
  %n1 = add i64 %n, 1
  ret i64 %n1
case1:
  %mm = sub i64 %m, 1
  %n0 = icmp eq i64 %n, 0
  br i1 %n0, label %nzero, label %general
nzero:
  %r1 = call i64 @ack(i64 %mm, i64 1)
  ret i64 %r1
general:
  %nm = sub i64 %n, 1
  %inner = call i64 @ack(i64 %m, i64 %nm)
  %r2 = call i64 @ack(i64 %mm, i64 %inner)
  ret i64 %r2
}

define i64 @main() {
  %a = call i64 @ack(i64 2, i64 3)
  %b = call i64 @ack(i64 3, i64 3)
  %a100 = mul i64 %a, 100
  %r = add i64 %a100, %b
  ret i64 %r
}
