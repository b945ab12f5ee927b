; Nested struct and array initializers: { 1, { 2, 3 }, [4, 5] }.
; The fields are read with multi-index GEPs: 1 + 2*10 + 3*100 + 4*1000 + 5*10000 = 54321
; (exit status 54321 mod 256 = 54321 - 212 * 256 = 49).
; CHECK-RESULT: 54321
%t = type { i64, { i64, i64 }, [2 x i64] }

@g = global %t { i64 1, { i64, i64 } { i64 2, i64 3 }, [2 x i64] [i64 4, i64 5] }

define i64 @main() {
  %pa = getelementptr %t, %t* @g, i32 0, i32 0
  %pb = getelementptr %t, %t* @g, i32 0, i32 1, i32 0
  %pc = getelementptr %t, %t* @g, i32 0, i32 1, i32 1
  %pd = getelementptr %t, %t* @g, i32 0, i32 2, i64 0
  %pe = getelementptr %t, %t* @g, i32 0, i32 2, i64 1
  %a = load i64, i64* %pa
  %b = load i64, i64* %pb
  %c = load i64, i64* %pc
  %d = load i64, i64* %pd
  %e = load i64, i64* %pe
  %b10 = mul i64 %b, 10
  %c100 = mul i64 %c, 100
  %d1000 = mul i64 %d, 1000
  %e10000 = mul i64 %e, 10000
  %s1 = add i64 %a, %b10
  %s2 = add i64 %s1, %c100
  %s3 = add i64 %s2, %d1000
  %s4 = add i64 %s3, %e10000
  ret i64 %s4
}
