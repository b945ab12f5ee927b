; Building a string in a loop: s starts empty and s := s ++ ltoa(i) for i = 0..9,
; giving "0123456789"; the string pointer lives in an alloca of type i8*.
; CHECK-STDOUT: 0123456789
; CHECK-RESULT: 10
@empty = global [1 x i8] c"\00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @main() {
  %s = alloca i8*
  %i = alloca i64
  %e = getelementptr [1 x i8], [1 x i8]* @empty, i32 0, i32 0
  store i8* %e, i8** %s
  store i64 0, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 10
  br i1 %more, label %body, label %done
body:
  %digit = call i8* @ll_ltoa(i64 %iv)
  %old = load i8*, i8** %s
  %new = call i8* @ll_strcat(i8* %old, i8* %digit)
  store i8* %new, i8** %s
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %final = load i8*, i8** %s
  call void @ll_puts(i8* %final)
  %n = load i64, i64* %i
  ret i64 %n
}
