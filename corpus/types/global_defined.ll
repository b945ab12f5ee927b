; A use of a global that no definition names (not a call: a load from it).
; CHECK-ILL-TYPED: global-defined
define i64 @main() {
  %v = load i64, i64* @nosuch
  ret i64 %v
}
