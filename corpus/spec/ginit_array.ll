; Global initializer form `[ T G1, ..., T GN ]` (type [N x T]): elements 0..2 are 1, 2, 3; 1 + 2*10 + 3*100 = 321.
; CHECK-RESULT: 321
@a = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %p0 = getelementptr [3 x i64], [3 x i64]* @a, i32 0, i32 0
  %p1 = getelementptr [3 x i64], [3 x i64]* @a, i32 0, i32 1
  %p2 = getelementptr [3 x i64], [3 x i64]* @a, i32 0, i32 2
  %v0 = load i64, i64* %p0
  %v1 = load i64, i64* %p1
  %v2 = load i64, i64* %p2
  %t1 = mul i64 %v1, 10
  %t2 = mul i64 %v2, 100
  %s1 = add i64 %v0, %t1
  %s2 = add i64 %s1, %t2
  ret i64 %s2
}
