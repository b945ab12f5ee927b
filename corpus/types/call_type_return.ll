; A call annotated with another return type than the callee's: OP1 must have exactly the type S1(S2, ..., SN)*.
; CHECK-ILL-TYPED: call-type
define i64 @f() {
  ret i64 1
}
define i64 @main() {
  %x = call i1 @f()
  ret i64 0
}
