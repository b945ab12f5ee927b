; The arguments' own characters are not readable as integers in LLVMlite, but
; their number is: the program prints argc as text with ll_ltoa and returns
; argc * argc.
; CHECK-RUN: four
; CHECK-ARGS: w x y z
; CHECK-STDOUT: 5
; CHECK-RESULT: 25
; CHECK-RUN: none
; CHECK-STDOUT: 1
; CHECK-RESULT: 1
declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @main(i64 %argc, i8** %argv) {
  %s = call i8* @ll_ltoa(i64 %argc)
  call void @ll_puts(i8* %s)
  %r = mul i64 %argc, %argc
  ret i64 %r
}
