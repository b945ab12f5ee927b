; The @foo/@bar/@baz example in the spec's own load syntax (`load i64*** @baz`): 42, as in foo_bar_baz.ll.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags @foo in @bar's initializer with i64*, so the final i64 load fails there
; CHECK-RESULT: 42
@foo = global i64 42
@bar = global i64* @foo
@baz = global i64** @bar
define i64 @main() {
  %pbar = load i64*** @baz
  %pfoo = load i64** %pbar
  %v = load i64* %pfoo
  ret i64 %v
}
