; GEPTY undefined one level down: field 1 of {i64, i64} is i64, which cannot be indexed further.
; CHECK-ILL-TYPED: gepty
@s = global {i64, i64} {i64 1, i64 2}
define i64 @main() {
  %q = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i32 1, i32 0
  ret i64 0
}
