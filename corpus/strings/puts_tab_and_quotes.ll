; Hex escapes in c"" literals: \09 is a tab, \22 a double quote, \5C a backslash.
; The printed bytes are: a TAB b SPACE "q" SPACE \ then the newline.
; CHECK-STDOUT: a\tb "q" \\
; CHECK-RESULT: 0
@s = global [10 x i8] c"a\09b \22q\22 \5C\00"

declare void @ll_puts(i8*)

define i64 @main() {
  %p = getelementptr [10 x i8], [10 x i8]* @s, i32 0, i32 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
