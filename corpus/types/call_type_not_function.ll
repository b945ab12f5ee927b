; Calling global data directly: @g has type i64*, not a function pointer.
; CHECK-ILL-TYPED: call-type
@g = global i64 0
define i64 @main() {
  %x = call i64 @g()
  ret i64 %x
}
