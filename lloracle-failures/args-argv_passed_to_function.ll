; CHECK-ARGS: left right

declare void @ll_puts(i8*)
declare i8* @ll_strcat(i8*, i8*)

define void @show_last(i64 %n, i8** %v) {
  %li = sub i64 %n, 1
  %lp = getelementptr i8*, i8** %v, i64 %li
  %last = load i8*, i8** %lp
  call void @ll_puts(i8* %last)
  %fp = getelementptr i8*, i8** %v, i64 1
  %first = load i8*, i8** %fp
  %both = call i8* @ll_strcat(i8* %first, i8* %last)
  call void @ll_puts(i8* %both)
  ret void
}

define i64 @main(i64 %argc, i8** %argv) {
  call void @show_last(i64 %argc, i8** %argv)
  ret i64 %argc
}
