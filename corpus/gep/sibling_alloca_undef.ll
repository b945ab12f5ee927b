; A first index != 0 on a non-array target: the sibling alloca. The frame root is not an array node,
; so the GEP result is undef (no error yet) and loading through it is undef-ptr-deref.
; CHECK-DIVERGES-FROM-REFERENCE: sibling allocas: the reference does not check sibling moves, so %a + 1 reaches %b there
; CHECK-UNDEFINED: undef-ptr-deref
define i64 @main() {
  %a = alloca i64
  %b = alloca i64
  store i64 1, i64* %a
  store i64 2, i64* %b
  %p = getelementptr i64, i64* %a, i32 1
  %v = load i64, i64* %p
  ret i64 %v
}
