; Globals may refer to globals defined later in the file: @first points to
; @second, defined after it. Loading through @first gives 99.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 99
@first = global i64* @second
@second = global i64 99

define i64 @main() {
  %p = load i64*, i64** @first
  %v = load i64, i64* %p
  ret i64 %v
}
