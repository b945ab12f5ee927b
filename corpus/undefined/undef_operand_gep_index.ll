; An undef array index in a GEP is undef-operand (the index is used, unlike an undef base which only gives undef).
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load, not on the GEP
; CHECK-UNDEFINED: undef-operand
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %i = alloca i64
  %iv = load i64, i64* %i
  %p = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i64 %iv
  ret i64 0
}
