; Computing an illegal sibling pointer is not an error by itself: the GEP gives undef, which is never used.
; CHECK-RESULT: 3
@g = global i64 3
define i64 @main() {
  %p = getelementptr i64, i64* @g, i32 1
  %v = load i64, i64* @g
  ret i64 %v
}
