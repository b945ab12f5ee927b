; Compatible annotation: {i64} over an actual {i64, i64}: FLATTEN [i64] is a prefix of [i64, i64].
; GEP {i64} 0, 0 reaches s.0 = 21 (offset 0 both ways).
; CHECK-RESULT: 21
@s = global {i64, i64} {i64 21, i64 22}
define i64 @main() {
  %p = bitcast {i64, i64}* @s to {i64}*
  %q = getelementptr {i64}, {i64}* %p, i32 0, i32 0
  %v = load i64, i64* %q
  ret i64 %v
}
