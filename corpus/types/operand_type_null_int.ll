; null where an i64 is expected: null has type T*.
; CHECK-ILL-TYPED: operand-type
define i64 @main() {
  %x = add i64 null, 1
  ret i64 %x
}
