; GEPTY undefined: indexing into i64 ("The type is not an aggregate and the list of indices is not empty").
; CHECK-ILL-TYPED: gepty
@g = global i64 1
define i64 @main() {
  %q = getelementptr i64, i64* @g, i32 0, i32 0
  ret i64 0
}
