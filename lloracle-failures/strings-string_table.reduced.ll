; lloracle: reduced from corpus/strings/string_table.ll (9); fails with wrong output under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/strings-string_table.reduced.ll' --random 0
; oracle: returns 3 (exit status 3), stdout "alpha\nalpha\nalpha\n"
; actual: returns 3 (exit status 3), stdout "alpha\n"
; CHECK-RESULT: 3

@s0 = global [6 x i8] c"alpha\00"
@s1 = global [5 x i8] c"beta\00"
@s2 = global [6 x i8] c"gamma\00"
@names = global [3 x i8*] [i8* bitcast ([6 x i8]* @s0 to i8*), i8* bitcast ([5 x i8]* @s1 to i8*), i8* bitcast ([6 x i8]* @s2 to i8*)]

define i64 @main() {
  %i = alloca i64
  store i64 2, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp sge i64 %iv, 0
  br i1 %more, label %body, label %done
body:
  %slot = getelementptr [3 x i8*], [3 x i8*]* @names, i64 0, i64 0
  %s = load i8*, i8** %slot
  call void @ll_puts(i8* %s)
  %next = sub i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  ret i64 3
}
