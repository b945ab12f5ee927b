; main returns a never-written value to the machine: undef-result (passing undef around is fine until then).
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on the load itself
; CHECK-UNDEFINED: undef-result
define i64 @main() {
  %p = alloca i64
  %u = load i64, i64* %p
  ret i64 %u
}
