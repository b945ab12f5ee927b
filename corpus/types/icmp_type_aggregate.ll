; icmp at a struct type: "icmp CND S OP1, OP2" compares simple values only.
; CHECK-ILL-TYPED: icmp-type
define i64 @main() {
  %c = icmp eq {i64} 1, 1
  ret i64 0
}
