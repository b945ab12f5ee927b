; GEP on a pointer into a dead frame: GEP check 1 (the base must point into a live or global block) fails, so the
; GEP gives undef without an error; the error comes at the load, and it is undef-ptr-deref (not use-after-return).
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word for the array
; CHECK-UNDEFINED: undef-ptr-deref
define [2 x i64]* @escape() {
  %a = alloca [2 x i64]
  ret [2 x i64]* %a
}
define i64 @main() {
  %p = call [2 x i64]* @escape()
  %e = getelementptr [2 x i64], [2 x i64]* %p, i32 0, i32 1
  %v = load i64, i64* %e
  ret i64 %v
}
