; GEP on an undef base (a pointer loaded from a never-written slot) gives undef; loading it is undef-ptr-deref.
; CHECK-DIVERGES-FROM-REFERENCE: undef loads: the reference already errors on loading the never-written slot
; CHECK-UNDEFINED: undef-ptr-deref
define i64 @main() {
  %slot = alloca i64*
  %p = load i64*, i64** %slot
  %q = getelementptr i64, i64* %p, i32 0
  %v = load i64, i64* %q
  ret i64 %v
}
