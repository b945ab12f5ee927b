; string_of_array asserts every character is non-zero (`assert (0 != str[i])`): the zeroed element 1 of a
; fresh array (ETH 2020-2025 runtime: calloc) aborts it.
; CHECK-RUNTIME: oat-eth
; CHECK-ABORTED
; CHECK-COURSE-OUTPUT: string_of_array: Assertion `0 != str[i]' failed.\n134
declare i64* @oat_alloc_array(i64)
declare i8* @string_of_array({ i64, [0 x i64] }*)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 2)
  %arr = bitcast i64* %raw to { i64, [0 x i64] }*
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 0
  store i64 72, i64* %p
  %s = call i8* @string_of_array({ i64, [0 x i64] }* %arr)
  ret i64 0
}
