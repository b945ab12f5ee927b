; ETH 2020-2025 homework 4: oat_alloc_array zeroes the elements (calloc). The front end's shapes: the call, a
; bitcast to { i64, [0 x i64] }*, element access by `i32 0, i32 1, i64 %k`, the length by `i32 0, i32 0`.
; Element 0 was never written: 0. Element 2 := 7. Length 3. print_int prints without a newline; the exit
; status is program's result mod 256: (0 + 7 + 3) + argc (1, the program name only) = 11.
; CHECK-RUNTIME: oat-eth
; CHECK-RESULT: 11
; CHECK-COURSE-OUTPUT: 07311
declare i64* @oat_alloc_array(i64)
declare void @print_int(i64)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 3)
  %arr = bitcast i64* %raw to { i64, [0 x i64] }*
  %p0 = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 0
  %x0 = load i64, i64* %p0
  %k = add i64 1, 1
  %p2 = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 %k
  store i64 7, i64* %p2
  %x2 = load i64, i64* %p2
  %lp = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 0
  %len = load i64, i64* %lp
  call void @print_int(i64 %x0)
  call void @print_int(i64 %x2)
  call void @print_int(i64 %len)
  %s1 = add i64 %x0, %x2
  %s2 = add i64 %s1, %len
  %r = add i64 %s2, %argc
  ret i64 %r
}
