; A call with no arguments returns a constant.
; CHECK-RESULT: 42
define i64 @answer() {
  ret i64 42
}

define i64 @main() {
  %r = call i64 @answer()
  ret i64 %r
}
