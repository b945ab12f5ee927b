; alloca i8: "i8* is a valid type, but just i8 is not"; LLVMlite has no byte values.
; CHECK-ILL-TYPED: i8-position
define i64 @main() {
  %p = alloca i8
  ret i64 0
}
