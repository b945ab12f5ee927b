; LLVMlite has only `global` data. A `constant` would be put in read-only memory by llc, so the
; store below crashes natively while a writable reading returns 6: rejected by the parser.
; CHECK-MALFORMED
@g = constant i64 5
define i64 @main() {
  store i64 6, i64* @g
  %v = load i64, i64* @g
  ret i64 %v
}
