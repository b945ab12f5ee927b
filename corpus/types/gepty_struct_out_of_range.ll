; GEPTY undefined: struct index 2 of a two-field struct ("Const m ... when m <= n" fails).
; CHECK-ILL-TYPED: gepty
@s = global {i64, i64} {i64 1, i64 2}
define i64 @main() {
  %q = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i32 2
  ret i64 0
}
