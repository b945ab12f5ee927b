; Loading through a pointer that was itself loaded from a never-written pointer slot: undef-ptr-deref.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference errors earlier, on loading the never-written slot
; CHECK-UNDEFINED: undef-ptr-deref
define i64 @main() {
  %slot = alloca i64*
  %p = load i64*, i64** %slot
  %v = load i64, i64* %p
  ret i64 %v
}
