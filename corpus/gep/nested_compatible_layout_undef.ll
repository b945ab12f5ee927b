; Nested-but-compatible annotation: {i64, i64} over the actual {{i64, i64}, i64}. FLATTEN [i64,i64] is a prefix
; of [i64,i64,i64], so compatibility passes; the literal path [0,1] reaches the outer field 1 (= 3, offset 16)
; while native code computes offset 8 (inner field 1 = 2). The layout check sees 8 != 16: the GEP is undef,
; and the load is undef-ptr-deref.
; CHECK-DIVERGES-FROM-REFERENCE: nested-compatible GEPs: the reference follows the literal path and returns 3
; CHECK-UNDEFINED: undef-ptr-deref
@n = global {{i64, i64}, i64} {{i64, i64} {i64 1, i64 2}, i64 3}
define i64 @main() {
  %p = bitcast {{i64, i64}, i64}* @n to {i64, i64}*
  %q = getelementptr {i64, i64}, {i64, i64}* %p, i32 0, i32 1
  %v = load i64, i64* %q
  ret i64 %v
}
