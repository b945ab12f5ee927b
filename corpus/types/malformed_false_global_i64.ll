; `false` initializing an i64 global: `false` is an i1 literal only.
; CHECK-MALFORMED
@g = global i64 false
define i64 @main() {
  %v = load i64, i64* @g
  ret i64 %v
}
