; A program that declares ll_puts but never calls it prints nothing at all.
; CHECK-NO-STDOUT
; CHECK-RESULT: 3
@s = global [4 x i8] c"abc\00"

declare void @ll_puts(i8*)

define i64 @main() {
  %p = getelementptr [4 x i8], [4 x i8]* @s, i32 0, i32 0
  %never = icmp eq i64 1, 2
  br i1 %never, label %print, label %done
print:
  call void @ll_puts(i8* %p)
  br label %done
done:
  ret i64 3
}
