; icmp sge at type i1 with literals: also ambiguous-i1-order, whatever the operands.
; CHECK-UNDEFINED: ambiguous-i1-order
define i64 @main() {
  %c = icmp sge i1 false, false
  ret i64 0
}
