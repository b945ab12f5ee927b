; GEP on a null base gives undef (not a null pointer); loading through it is undef-ptr-deref, not null-deref.
; CHECK-UNDEFINED: undef-ptr-deref
define i64 @main() {
  %p = getelementptr {i64, i64}, {i64, i64}* null, i32 0, i32 1
  %v = load i64, i64* %p
  ret i64 %v
}
