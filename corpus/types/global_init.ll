; A global of type i64 initialised with null: null has type T*, not i64 (the initializer table).
; CHECK-ILL-TYPED: global-init
@g = global i64 null
define i64 @main() {
  ret i64 0
}
