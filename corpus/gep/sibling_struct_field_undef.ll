; A first index != 0 on a struct field: fields are not array elements, so &s.0 + 1 is undef (natively it
; would be &s.1, but the spec allows sibling moves only inside arrays); loading it is undef-ptr-deref.
; CHECK-DIVERGES-FROM-REFERENCE: sibling moves: the reference does not check them and reaches s.1
; CHECK-UNDEFINED: undef-ptr-deref
@s = global {i64, i64} {i64 1, i64 2}
define i64 @main() {
  %f0 = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i32 0
  %f1 = getelementptr i64, i64* %f0, i32 1
  %v = load i64, i64* %f1
  ret i64 %v
}
