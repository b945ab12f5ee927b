; A struct-typed parameter: function parameters have simple types only (S1, ..., SN).
; CHECK-ILL-TYPED: param-simple
define i64 @f({i64, i64} %x) {
  ret i64 0
}
define i64 @main() {
  ret i64 0
}
