; getelementptr i8, i8* %p, i64 1 would address the second character, which LLVMlite cannot
; address (only a string's first character is: the spec's i8* row), and whose address is p + 1 in
; LLVM's layout but p + 0 in the course layout (i8 of size 0). The result is undef; ll_puts uses it.
; CHECK-UNDEFINED: undef-operand
; CHECK-NO-STDOUT
@s = global [3 x i8] c"hi\00"
define i64 @main() {
  %p = getelementptr [3 x i8], [3 x i8]* @s, i32 0, i32 0
  %q = getelementptr i8, i8* %p, i64 1
  call void @ll_puts(i8* %q)
  ret i64 0
}
