; The spec's "Tags, Bitcasts and Gep" example: %q targets a word (MWord 100), bitcast to {i64, i64}*, GEP field 1.
; FLATTEN [i64, i64] is not a prefix of [i64]: the GEP "cannot return a pointer", gives undef, and the load "raises an error".
; Written in the spec's syntax (with the comma the spec's text leaves out after %p).
; CHECK-UNDEFINED: undef-ptr-deref
define i64 @main() {
  %q = alloca i64
  store i64 100, i64* %q
  %p = bitcast i64* %q to {i64, i64}*
  %r = getelementptr {i64, i64}* %p, i32 0, i32 1
  %s = load i64* %r
  ret i64 %s
}
