; ll_strcat's second argument is an alloca'd [4 x i8] never written (its bytes are undef);
; the first is a real string. The call reads undef bytes: undef-operand, and nothing is printed.
; CHECK-UNDEFINED: undef-operand
; CHECK-NO-STDOUT
@hi = global [3 x i8] c"hi\00"
define i64 @main() {
  %s = alloca [4 x i8]
  %a = getelementptr [3 x i8], [3 x i8]* @hi, i64 0, i64 0
  %b = getelementptr [4 x i8], [4 x i8]* %s, i64 0, i64 0
  %c = call i8* @ll_strcat(i8* %a, i8* %b)
  call void @ll_puts(i8* %c)
  ret i64 0
}
