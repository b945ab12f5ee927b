; Loading through the null constant: the pointer's block is Null, so the load is null-deref.
; CHECK-UNDEFINED: null-deref
define i64 @main() {
  %v = load i64, i64* null
  ret i64 %v
}
