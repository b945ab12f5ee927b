; Calling through an undef function pointer (a never-written slot of type i64 ()*): undef-operand.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load, not on the call
; CHECK-UNDEFINED: undef-operand
define i64 @main() {
  %slot = alloca i64 ()*
  %f = load i64 ()*, i64 ()** %slot
  %r = call i64 %f()
  ret i64 %r
}
