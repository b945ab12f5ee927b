; lloracle: reduced from corpus/args/argv_passed_to_function.ll (5); fails with crash under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/args-argv_passed_to_function.reduced.ll' --random 0
; oracle: returns 0 (exit status 0), stdout "right\n"
; actual: killed by signal 6 (SIGABRT), stdout ""
; CHECK-ARGS: left right
; CHECK-RESULT: 0

define void @show_last(i64 %n, i8** %v) {
  %li = sub i64 %n, 1
  %lp = getelementptr i8*, i8** %v, i64 %li
  %last = load i8*, i8** %lp
  call void @ll_puts(i8* %last)
  ret void
}

define i64 @main(i64 %argc, i8** %argv) {
  call void @show_last(i64 %argc, i8** %argv)
  ret i64 0
}
