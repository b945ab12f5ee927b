; A cbr on an undef i1 (a never-written i1 slot): undef-operand.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load, not on the branch
; CHECK-UNDEFINED: undef-operand
define i64 @main() {
  %p = alloca i1
  %b = load i1, i1* %p
  br i1 %b, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
