; ll_puts of a pointer to a struct's first field bitcast to i8*: a word, not a string: bad-runtime-call.
; CHECK-UNDEFINED: bad-runtime-call
@s = global {i64, i64} {i64 104, i64 0}
declare void @ll_puts(i8*)
define i64 @main() {
  %f = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i32 0
  %c = bitcast i64* %f to i8*
  call void @ll_puts(i8* %c)
  ret i64 0
}
