; The spec's own global example: @foo = 42, @bar points to @foo, @baz to @bar.
; Loading through @baz twice reaches @foo's 42. The pointer stored by @bar's
; initializer is tagged with @foo's declared type i64, so the last load at i64 is fine.
; CHECK-DIVERGES-FROM-REFERENCE: the reference tags the pointer stored by `@bar = global i64* @foo` with i64* (the initializer's type), so its load of @foo through @bar fails on a tag mismatch
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
