; The Oat entry: argv is an Oat array of strings (length word = argc, then argv[0..argc-1]). With the
; arguments `ab cde`: argc = 3, the length word 3; argv[2] is "cde", whose length_of_string is 3; print_string
; prints argv[1] then argv[2] with no newline. Result 3 * 10 + 3 = 33.
; CHECK-RUNTIME: oat-eth
; CHECK-ARGS: ab cde
; CHECK-RESULT: 33
; CHECK-COURSE-OUTPUT: abcde33
declare void @print_string(i8*)
declare i64 @length_of_string(i8*)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %lp = getelementptr { i64, [0 x i8*] }, { i64, [0 x i8*] }* %argv, i32 0, i32 0
  %len = load i64, i64* %lp
  %a1p = getelementptr { i64, [0 x i8*] }, { i64, [0 x i8*] }* %argv, i32 0, i32 1, i64 1
  %a1 = load i8*, i8** %a1p
  %a2p = getelementptr { i64, [0 x i8*] }, { i64, [0 x i8*] }* %argv, i32 0, i32 1, i64 2
  %a2 = load i8*, i8** %a2p
  call void @print_string(i8* %a1)
  call void @print_string(i8* %a2)
  %n = call i64 @length_of_string(i8* %a2)
  %t = mul i64 %len, 10
  %r = add i64 %t, %n
  ret i64 %r
}
