; An integer literal where a pointer is expected: a literal has type i64 (or i1 for 0/1), never a pointer.
; CHECK-ILL-TYPED: operand-type
define i64 @main() {
  %p = alloca i64*
  store i64* 5, i64** %p
  ret i64 0
}
