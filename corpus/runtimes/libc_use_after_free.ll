; A freed block is dead: the load through a pointer into it is use-after-free (C: undefined).
; CHECK-RUNTIME: ll-libc
; CHECK-UNDEFINED: use-after-free
declare i64* @ll_malloc(i64, i64)
declare void @free(i64*)

define i64 @main() {
  %a = call i64* @ll_malloc(i64 2, i64 8)
  %e = getelementptr i64, i64* %a, i64 1
  store i64 7, i64* %e
  call void @free(i64* %a)
  %x = load i64, i64* %e
  ret i64 %x
}
