; The handouts' idiom for global arrays: a { i64, [3 x i64] } global viewed through { i64, [0 x i64] }*
; (ETH 2021 frontend.ml). A trailing [0 x T] is compatible with [n x T], and the index is bounded by the
; allocated 3: with no arguments the index argc + 1 = 2 reads 30; with one argument index 3 is past the end,
; the GEP's result undef, the load undef-ptr-deref.
; CHECK-RUNTIME: oat-eth
; CHECK-RUN: inside
; CHECK-RESULT: 30
; CHECK-COURSE-OUTPUT: 330
; CHECK-RUN: past-the-end
; CHECK-ARGS: x
; CHECK-UNDEFINED: undef-ptr-deref
@arr = global { i64, [3 x i64] } { i64 3, [3 x i64] [ i64 10, i64 20, i64 30 ] }
declare void @print_int(i64)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %v = bitcast { i64, [3 x i64] }* @arr to { i64, [0 x i64] }*
  %lp = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %v, i32 0, i32 0
  %len = load i64, i64* %lp
  call void @print_int(i64 %len)
  %k = add i64 %argc, 1
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %v, i32 0, i32 1, i64 %k
  %x = load i64, i64* %p
  ret i64 %x
}
