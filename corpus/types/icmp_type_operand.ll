; icmp at i64 with a pointer operand: both operands must have the annotated type S.
; CHECK-ILL-TYPED: icmp-type
define i64 @main() {
  %p = alloca i64
  %c = icmp eq i64 %p, 0
  ret i64 0
}
