; load i64, i64* %p where %p is an i64** local: the address operand must have the annotated pointer type.
; CHECK-ILL-TYPED: load-type
define i64 @main() {
  %p = alloca i64*
  %x = load i64, i64* %p
  ret i64 %x
}
