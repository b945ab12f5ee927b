; free of a block already freed (a double free) is undefined: use-after-free, at the second call.
; CHECK-RUNTIME: ll-libc
; CHECK-UNDEFINED: use-after-free
declare i8* @ll_malloc(i64, i64)
declare void @free(i8*)

define i64 @main() {
  %a = call i8* @ll_malloc(i64 1, i64 16)
  call void @free(i8* %a)
  call void @free(i8* %a)
  ret i64 0
}
