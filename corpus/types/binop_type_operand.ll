; A binop whose operand is a pointer local: both operands must have type i64.
; CHECK-ILL-TYPED: binop-type
define i64 @main() {
  %p = alloca i64
  %x = add i64 %p, 1
  ret i64 %x
}
