; ret of an i1 in a function returning i64: the returned operand must have the function's return type.
; CHECK-ILL-TYPED: ret-type
define i64 @main() {
  %b = icmp eq i64 1, 1
  ret i1 %b
}
