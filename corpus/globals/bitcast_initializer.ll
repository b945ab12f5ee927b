; A bitcast initializer: @px8 holds bitcast (i64* @x to i8*). Casting the loaded
; i8* back to i64* and loading reads @x = 7 (bitcast keeps the pointer unchanged,
; its tag stays @x's declared type i64).
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 7
@x = global i64 7
@px8 = global i8* bitcast (i64* @x to i8*)

define i64 @main() {
  %p8 = load i8*, i8** @px8
  %p = bitcast i8* %p8 to i64*
  %v = load i64, i64* %p
  ret i64 %v
}
