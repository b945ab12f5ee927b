; A global and a function sharing a name: globals and functions share one namespace.
; CHECK-ILL-TYPED: duplicate-global
@f = global i64 1
define i64 @f() {
  ret i64 2
}
define i64 @main() {
  ret i64 0
}
