; A first index != 0 on a global scalar: @g is not an array element, so @g + 1 is undef; the load is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@g = global i64 5
@h = global i64 6
define i64 @main() {
  %p = getelementptr i64, i64* @g, i32 1
  %v = load i64, i64* %p
  ret i64 %v
}
