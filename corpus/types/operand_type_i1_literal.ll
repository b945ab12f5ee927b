; The literal 2 as an i1 condition: only 0, 1, true and false can have type i1.
; CHECK-ILL-TYPED: operand-type
define i64 @main() {
  br i1 2, label %a, label %b
a:
  ret i64 1
b:
  ret i64 0
}
