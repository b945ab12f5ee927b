; An integer initializer: @x = global i64 42 holds 42 when main starts.
; CHECK-RESULT: 42
@x = global i64 42

define i64 @main() {
  %v = load i64, i64* @x
  ret i64 %v
}
