; An array return type: a function returns a simple type or void ("define [S|void] @IDENT(...)").
; The body loops forever so that it needs no ret of that type.
; CHECK-ILL-TYPED: return-type
define [2 x i64] @f() {
  br label %l
l:
  br label %l
}
define i64 @main() {
  ret i64 0
}
