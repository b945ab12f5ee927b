; `new int[0]` and `new bool[0]`: oat_alloc_array(0) makes a block holding only the length word 0.
; Seen through the front ends' array view `{ i64, [0 x T] }*` the block is a struct whose array has no
; element (it needs no cell of the block); its length word reads 0. The two lengths, 0 + 0, plus 5.
; CHECK-RUNTIME: oat-hw5
; CHECK-RESULT: 5
declare i64* @oat_alloc_array(i64)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %r = call i64* @oat_alloc_array(i64 0)
  %a = bitcast i64* %r to { i64, [0 x i64] }*
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %a, i32 0, i32 0
  %n = load i64, i64* %p
  %s = call i64* @oat_alloc_array(i64 0)
  %b = bitcast i64* %s to { i64, [0 x i1] }*
  %q = getelementptr { i64, [0 x i1] }, { i64, [0 x i1] }* %b, i32 0, i32 0
  %m = load i64, i64* %q
  %t = add i64 %n, %m
  %u = add i64 %t, 5
  ret i64 %u
}
