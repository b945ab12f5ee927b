; A struct initializer with an i8* field built by bitcast from a string global:
; { 2, "hi" }. The string is printed as many times as field 0 says.
; CHECK-STDOUT: hi
; CHECK-STDOUT: hi
; CHECK-RESULT: 2
@text = global [3 x i8] c"hi\00"
@rec = global { i64, i8* } { i64 2, i8* bitcast ([3 x i8]* @text to i8*) }

declare void @ll_puts(i8*)

define i64 @main() {
  %np = getelementptr { i64, i8* }, { i64, i8* }* @rec, i32 0, i32 0
  %sp = getelementptr { i64, i8* }, { i64, i8* }* @rec, i32 0, i32 1
  %n = load i64, i64* %np
  %s = load i8*, i8** %sp
  %i = alloca i64
  store i64 0, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, %n
  br i1 %more, label %body, label %done
body:
  call void @ll_puts(i8* %s)
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  ret i64 %n
}
