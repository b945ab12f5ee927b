; An icmp with an undef operand is undef-operand, even though its result would not matter.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load, not on the icmp
; CHECK-UNDEFINED: undef-operand
define i64 @main() {
  %p = alloca i64
  %u = load i64, i64* %p
  %c = icmp eq i64 %u, %u
  ret i64 0
}
