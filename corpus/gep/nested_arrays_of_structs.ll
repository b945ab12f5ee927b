; Nested arrays of structs: grid[i][j] = {10*i + j, 100 + 10*i + j} in a [2 x [3 x %pt]].
; grid[1][2].y = 112 (offset 48 + 32 + 8 = 88 both ways); row 1 as a [3 x %pt]*, then [0,0,0] = grid[1][0].x = 10.
; 112 + 10 = 122.
; CHECK-RESULT: 122
%pt = type {i64, i64}
@grid = global [2 x [3 x %pt]] [[3 x %pt] [%pt {i64 0, i64 100}, %pt {i64 1, i64 101}, %pt {i64 2, i64 102}], [3 x %pt] [%pt {i64 10, i64 110}, %pt {i64 11, i64 111}, %pt {i64 12, i64 112}]]
define i64 @main() {
  %y = getelementptr [2 x [3 x %pt]], [2 x [3 x %pt]]* @grid, i32 0, i32 1, i32 2, i32 1
  %a = load i64, i64* %y
  %row = getelementptr [2 x [3 x %pt]], [2 x [3 x %pt]]* @grid, i32 0, i32 1
  %x = getelementptr [3 x %pt], [3 x %pt]* %row, i32 0, i32 0, i32 0
  %b = load i64, i64* %x
  %r = add i64 %a, %b
  ret i64 %r
}
