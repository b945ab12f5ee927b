; Locals are local to their function: %y of @f is not in scope in @main.
; CHECK-ILL-TYPED: local-defined
define i64 @f() {
  %y = add i64 1, 2
  ret i64 %y
}
define i64 @main() {
  ret i64 %y
}
