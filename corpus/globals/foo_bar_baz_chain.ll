; The spec's own global example: @foo = 42, @bar points to @foo, @baz to @bar.
; Loading through @baz twice reaches @foo's 42. The pointer stored by @bar's
; initializer is tagged with @foo's declared type i64, so the last load at i64 is fine.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 42
@foo = global i64 42
@bar = global i64* @foo
@baz = global i64** @bar

define i64 @main() {
  %p1 = load i64**, i64*** @baz
  %p2 = load i64*, i64** %p1
  %v = load i64, i64* %p2
  ret i64 %v
}
