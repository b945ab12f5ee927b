; getelementptr i8, i8* %p, i32 0 (LLVM 3.7+ names the pointee i8; course tests use it) is %p
; itself, whether %p points at the string's first character (a GEP 0, 0) or at the string
; (a bitcast): ll_puts prints "hi" twice, and the two results are the same address: 1.
; CHECK-STDOUT: hi
; CHECK-STDOUT: hi
; CHECK-RESULT: 1
@s = global [3 x i8] c"hi\00"
define i64 @main() {
  %p = getelementptr [3 x i8], [3 x i8]* @s, i32 0, i32 0
  %q = getelementptr i8, i8* %p, i32 0
  call void @ll_puts(i8* %q)
  %b = bitcast [3 x i8]* @s to i8*
  %r = getelementptr i8, i8* %b, i64 0
  call void @ll_puts(i8* %r)
  %c = icmp eq i8* %q, %r
  br i1 %c, label %same, label %other
same:
  ret i64 1
other:
  ret i64 2
}
