; The string builtins of the Oat runtime (runtime.c): string_of_int(-42) is "-42"; string_cat makes
; "x=-42"; array_of_string("AB") is the Oat array {2, 65, 66}; string_of_array turns it back into "AB"
; after element 1 := 67 ('C'): "AC"; print_bool(i1 1) prints "true", (i1 0) "false". Output:
; "x=-42" "AC" "true" "false", then the status: result 2 + 65 = 67 (length, then the first element).
; CHECK-RUNTIME: oat-eth
; CHECK-RESULT: 67
; CHECK-COURSE-OUTPUT: x=-42ACtruefalse67
@x = global [3 x i8] c"x=\00"
@ab = global [3 x i8] c"AB\00"
declare i8* @string_of_int(i64)
declare i8* @string_cat(i8*, i8*)
declare { i64, [0 x i64] }* @array_of_string(i8*)
declare i8* @string_of_array({ i64, [0 x i64] }*)
declare void @print_string(i8*)
declare void @print_bool(i1)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %n = call i8* @string_of_int(i64 -42)
  %xs = bitcast [3 x i8]* @x to i8*
  %s = call i8* @string_cat(i8* %xs, i8* %n)
  call void @print_string(i8* %s)
  %abs = bitcast [3 x i8]* @ab to i8*
  %arr = call { i64, [0 x i64] }* @array_of_string(i8* %abs)
  %lp = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 0
  %len = load i64, i64* %lp
  %e0p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 0
  %e0 = load i64, i64* %e0p
  %e1p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 1
  store i64 67, i64* %e1p
  %back = call i8* @string_of_array({ i64, [0 x i64] }* %arr)
  call void @print_string(i8* %back)
  call void @print_bool(i1 1)
  call void @print_bool(i1 0)
  %r = add i64 %len, %e0
  ret i64 %r
}
