; An array initializer: [4 x i64] [1, 2, 3, 4]; element 2 is 3 and the sum is 10.
; Result 3 * 100 + 10 = 310 (exit status 310 - 256 = 54).
; CHECK-RESULT: 310
@a = global [4 x i64] [i64 1, i64 2, i64 3, i64 4]

define i64 @main() {
  %p0 = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 0
  %p1 = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 1
  %p2 = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 2
  %p3 = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 3
  %v0 = load i64, i64* %p0
  %v1 = load i64, i64* %p1
  %v2 = load i64, i64* %p2
  %v3 = load i64, i64* %p3
  %s1 = add i64 %v0, %v1
  %s2 = add i64 %s1, %v2
  %s3 = add i64 %s2, %v3
  %h = mul i64 %v2, 100
  %r = add i64 %h, %s3
  ret i64 %r
}
