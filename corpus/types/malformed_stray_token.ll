; Malformed: a stray character where a top-level definition should start.
; CHECK-MALFORMED
$
define i64 @main() {
  ret i64 0
}
