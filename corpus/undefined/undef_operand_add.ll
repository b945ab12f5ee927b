; Using a never-written value as a binop operand: the load itself is fine, the add is undef-operand.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load, not on the add
; CHECK-UNDEFINED: undef-operand
define i64 @main() {
  %p = alloca i64
  %u = load i64, i64* %p
  %x = add i64 %u, 1
  ret i64 0
}
