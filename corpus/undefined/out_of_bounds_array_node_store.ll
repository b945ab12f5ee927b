; Storing i64 through a pointer to an array element that is itself an array node ([2 x [2 x i64]] row 1, bitcast to i64*):
; the target is a node, not a word: out-of-bounds.
; CHECK-UNDEFINED: out-of-bounds
@m = global [2 x [2 x i64]] [[2 x i64] [i64 1, i64 2], [2 x i64] [i64 3, i64 4]]
define i64 @main() {
  %row = getelementptr [2 x [2 x i64]], [2 x [2 x i64]]* @m, i32 0, i32 1
  %p = bitcast [2 x i64]* %row to i64*
  store i64 9, i64* %p
  ret i64 0
}
