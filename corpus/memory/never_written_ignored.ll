; Loading a never-written slot yields undef, which is fine as long as it is not used (LLVM agrees).
; %junk is undef and is stored into another slot (storing undef is fine) but never used; main returns 5.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors on loading a never-written slot
; CHECK-RESULT: 5
define i64 @main() {
  %p = alloca i64
  %q = alloca i64
  %junk = load i64, i64* %p
  store i64 %junk, i64* %q
  store i64 5, i64* %p
  %x = load i64, i64* %p
  ret i64 %x
}
