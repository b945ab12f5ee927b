; Concatenations of concatenations (heap strings as arguments):
; ("a" ++ "b") ++ ("c" ++ "a") = "abca", then ++ itself = "abcaabca".
; CHECK-STDOUT: abca
; CHECK-STDOUT: abcaabca
; CHECK-RESULT: 0
@a = global [2 x i8] c"a\00"
@b = global [2 x i8] c"b\00"
@c = global [2 x i8] c"c\00"

declare void @ll_puts(i8*)
declare i8* @ll_strcat(i8*, i8*)

define i64 @main() {
  %pa = getelementptr [2 x i8], [2 x i8]* @a, i32 0, i32 0
  %pb = getelementptr [2 x i8], [2 x i8]* @b, i32 0, i32 0
  %pc = getelementptr [2 x i8], [2 x i8]* @c, i32 0, i32 0
  %ab = call i8* @ll_strcat(i8* %pa, i8* %pb)
  %ca = call i8* @ll_strcat(i8* %pc, i8* %pa)
  %abca = call i8* @ll_strcat(i8* %ab, i8* %ca)
  call void @ll_puts(i8* %abca)
  %twice = call i8* @ll_strcat(i8* %abca, i8* %abca)
  call void @ll_puts(i8* %twice)
  ret i64 0
}
