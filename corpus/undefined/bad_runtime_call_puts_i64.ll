; ll_puts of a pointer to an i64 slot bitcast to i8*: not a string: bad-runtime-call.
; CHECK-UNDEFINED: bad-runtime-call
declare void @ll_puts(i8*)
define i64 @main() {
  %p = alloca i64
  store i64 0, i64* %p
  %s = bitcast i64* %p to i8*
  call void @ll_puts(i8* %s)
  ret i64 0
}
