; An instruction redefining a parameter's name: parameters are locals too.
; CHECK-ILL-TYPED: duplicate-local
define i64 @f(i64 %n) {
  %n = add i64 1, 2
  ret i64 %n
}
define i64 @main() {
  ret i64 0
}
