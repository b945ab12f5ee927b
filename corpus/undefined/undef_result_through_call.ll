; Undef passed as an argument and returned by a callee is fine; only main's returning it is undef-result.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load itself
; CHECK-UNDEFINED: undef-result
define i64 @id(i64 %x) {
  ret i64 %x
}
define i64 @main() {
  %p = alloca i64
  %u = load i64, i64* %p
  %r = call i64 @id(i64 %u)
  ret i64 %r
}
