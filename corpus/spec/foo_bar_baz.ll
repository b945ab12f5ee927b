; The spec's "valid annotations" example @foo/@bar/@baz: load through @baz twice, then load: 42.
; @baz holds a pointer to @bar (tagged i64*, @bar's declared type), @bar one to @foo (tagged i64), so each load
; is at its slot's own type: i64** from @baz, i64* from @bar, i64 from @foo.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags @foo in @bar's initializer with i64*, so the final i64 load fails there
; CHECK-RESULT: 42
@foo = global i64 42
@bar = global i64* @foo
@baz = global i64** @bar
define i64 @main() {
  %pbar = load i64**, i64*** @baz
  %pfoo = load i64*, i64** %pbar
  %v = load i64, i64* %pfoo
  ret i64 %v
}
