; GEPTY undefined: a struct indexed by a non-constant operand ("An operand used to index a struct is not a constant").
; CHECK-ILL-TYPED: gepty
@s = global {i64, i64} {i64 1, i64 2}
define i64 @main() {
  %i = add i64 0, 1
  %q = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i64 %i
  ret i64 0
}
