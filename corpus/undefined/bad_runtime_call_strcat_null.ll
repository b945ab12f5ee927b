; ll_strcat with a null argument: null is not a valid string: bad-runtime-call.
; CHECK-UNDEFINED: bad-runtime-call
@s = global [3 x i8] c"ab\00"
declare i8* @ll_strcat(i8*, i8*)
define i64 @main() {
  %p = getelementptr [3 x i8], [3 x i8]* @s, i32 0, i32 0
  %r = call i8* @ll_strcat(i8* %p, i8* null)
  ret i64 0
}
