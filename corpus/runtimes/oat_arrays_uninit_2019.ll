; ETH 2019 homework 4: oat_alloc_array takes its elements from malloc, uninitialised. Reading element 1 gives
; undef (C: an indeterminate value), and printing it uses it: undef-operand at the print_int call.
; CHECK-RUNTIME: oat-eth-2019
; CHECK-UNDEFINED: undef-operand
declare i64* @oat_alloc_array(i64)
declare void @print_int(i64)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 2)
  %arr = bitcast i64* %raw to { i64, [0 x i64] }*
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 1
  %x = load i64, i64* %p
  call void @print_int(i64 %x)
  ret i64 0
}
