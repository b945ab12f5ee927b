; Globals read and written in the spec's own syntax (`load i64* %p`, GEP without
; the separate base type): @g = [10, 20, 30]; g[2] := g[0] + g[1] = 10 + 20 = 30,
; then read back g[2] + @k = 30 + 12 = 42.
; CHECK-RESULT: 42
@g = global [3 x i64] [i64 10, i64 20, i64 30]
@k = global i64 12

define i64 @main() {
  %p0 = getelementptr [3 x i64]* @g, i32 0, i32 0
  %p1 = getelementptr [3 x i64]* @g, i32 0, i32 1
  %p2 = getelementptr [3 x i64]* @g, i32 0, i32 2
  %a = load i64* %p0
  %b = load i64* %p1
  %c = add i64 %a, %b
  store i64 %c, i64* %p2
  %d = load i64* %p2
  %k = load i64* @k
  %r = add i64 %d, %k
  ret i64 %r
}
