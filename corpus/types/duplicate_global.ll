; Two global data definitions of one name: globals are in scope in the whole unit, each defined once.
; CHECK-ILL-TYPED: duplicate-global
@g = global i64 1
@g = global i64 2
define i64 @main() {
  ret i64 0
}
