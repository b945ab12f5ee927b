; A pointer global initialised with another global of the wrong pointee type: @x has type i64*, not i1*.
; CHECK-ILL-TYPED: global-init
@x = global i64 1
@p = global i1* @x
define i64 @main() {
  ret i64 0
}
