; The empty string c"\00" prints as an empty line: just the newline ll_puts adds.
; CHECK-STDOUT:
; CHECK-RESULT: 1
@empty = global [1 x i8] c"\00"

declare void @ll_puts(i8*)

define i64 @main() {
  %p = getelementptr [1 x i8], [1 x i8]* @empty, i32 0, i32 0
  call void @ll_puts(i8* %p)
  ret i64 1
}
