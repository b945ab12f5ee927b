; Storing an undef value is allowed; overwriting it with a defined value makes the slot usable again.
; %u = undef (never-written %a); stored into %b; then %b = 8; 8 + 8 = 16.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on loading a never-written slot
; CHECK-RESULT: 16
define i64 @main() {
  %a = alloca i64
  %b = alloca i64
  %u = load i64, i64* %a
  store i64 %u, i64* %b
  store i64 8, i64* %b
  %v = load i64, i64* %b
  %r = add i64 %v, %v
  ret i64 %r
}
