; Global initializer form `@IDENT` (type T* where T is @IDENT's declared type): @px holds @x's address.
; store 8 through the loaded pointer, then @x reads 8 directly: the initializer's pointer aliases @x.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags @x in @px's initializer with i64*, so the i64 store fails there
; CHECK-RESULT: 8
@x = global i64 5
@px = global i64* @x
define i64 @main() {
  %p = load i64*, i64** @px
  store i64 8, i64* %p
  %v = load i64, i64* @x
  ret i64 %v
}
