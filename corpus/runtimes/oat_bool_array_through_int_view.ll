; Real front ends zero-fill a bool[] through an int[] view: the elements are written as i64 0, then the block
; is used as { i64, [0 x i1] }. The block (typed { i64, [2 x i64] } by its first use) may be seen as
; { i64, [2 x i1] } because the words that change type hold 0: each loads as false. When element 1 holds 1
; (second run, argc 2) it may not: the GEP's result is undef, the load undef-ptr-deref.
; CHECK-RUNTIME: oat-eth-2019
; CHECK-RUN: zero
; CHECK-RESULT: 0
; CHECK-COURSE-OUTPUT: falsefalse0
; CHECK-RUN: one
; CHECK-ARGS: x
; CHECK-UNDEFINED: undef-ptr-deref
declare i64* @oat_alloc_array(i64)
declare void @print_bool(i1)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 2)
  %ints = bitcast i64* %raw to { i64, [0 x i64] }*
  %w0 = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %ints, i32 0, i32 1, i64 0
  store i64 0, i64* %w0
  %w1 = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %ints, i32 0, i32 1, i64 1
  %fill = sub i64 %argc, 1
  store i64 %fill, i64* %w1
  %bools = bitcast i64* %raw to { i64, [0 x i1] }*
  %b0p = getelementptr { i64, [0 x i1] }, { i64, [0 x i1] }* %bools, i32 0, i32 1, i64 0
  %b0 = load i1, i1* %b0p
  %b1p = getelementptr { i64, [0 x i1] }, { i64, [0 x i1] }* %bools, i32 0, i32 1, i64 1
  %b1 = load i1, i1* %b1p
  call void @print_bool(i1 %b0)
  call void @print_bool(i1 %b1)
  ret i64 0
}
