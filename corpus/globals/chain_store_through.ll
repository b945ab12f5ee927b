; Storing through a chain of global pointers writes the global at its end:
; **@baz := 7 changes @foo from 42 to 7; @bar still points to @foo.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 7
@foo = global i64 42
@bar = global i64* @foo
@baz = global i64** @bar

define i64 @main() {
  %p1 = load i64**, i64*** @baz
  %p2 = load i64*, i64** %p1
  store i64 7, i64* %p2
  %v = load i64, i64* @foo
  ret i64 %v
}
