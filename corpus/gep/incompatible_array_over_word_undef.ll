; Incompatible annotation: [2 x i64] over an actual i64 slot: FLATTEN [[2 x i64]] is not a prefix of [i64], so undef.
; CHECK-UNDEFINED: undef-ptr-deref
@g = global i64 4
define i64 @main() {
  %p = bitcast i64* @g to [2 x i64]*
  %q = getelementptr [2 x i64], [2 x i64]* %p, i32 0, i32 0
  %v = load i64, i64* %q
  ret i64 %v
}
