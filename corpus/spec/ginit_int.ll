; Global initializer form: an integer literal (type i64), including a negative one (the oracle's literal range).
; 42 + (-2) = 40.
; CHECK-RESULT: 40
@x = global i64 42
@y = global i64 -2
define i64 @main() {
  %a = load i64, i64* @x
  %b = load i64, i64* @y
  %r = add i64 %a, %b
  ret i64 %r
}
