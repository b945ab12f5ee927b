; CIS341 2017: oat_alloc_array is declared returning { i64, [0 x i64] }*, and oat_assert_array_length lacks
; the `i < 0` check: index -1 passes it. The GEP to element -1 then addresses no element (check 4): its
; result is undef and the store through it is undef-ptr-deref (natively it would overwrite the length word).
; CHECK-RUNTIME: oat-cis341
; CHECK-UNDEFINED: undef-ptr-deref
declare { i64, [0 x i64] }* @oat_alloc_array(i64)
declare void @oat_assert_array_length(i64*, i64)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %arr = call { i64, [0 x i64] }* @oat_alloc_array(i64 2)
  %i = sub i64 0, %argc
  %chk = bitcast { i64, [0 x i64] }* %arr to i64*
  call void @oat_assert_array_length(i64* %chk, i64 %i)
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 %i
  store i64 5, i64* %p
  ret i64 0
}
