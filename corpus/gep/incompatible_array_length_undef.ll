; Arrays are compared whole by FLATTEN: [4 x i64] over an actual [3 x i64] is not compatible ([Array(4,i64)] is not a
; prefix of [Array(3,i64)]), even for index 0 that natively exists: the GEP is undef, the load undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %p = bitcast [3 x i64]* @arr to [4 x i64]*
  %q = getelementptr [4 x i64], [4 x i64]* %p, i32 0, i32 0
  %v = load i64, i64* %q
  ret i64 %v
}
