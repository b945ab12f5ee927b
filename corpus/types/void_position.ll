; void as a field type: void only appears as the return type of functions and calls, never as data.
; CHECK-ILL-TYPED: void-position
%t = type {i64, void}
define i64 @main() {
  ret i64 0
}
