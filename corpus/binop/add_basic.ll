; add: the simplest binop, two positive literals through a named local.
; 40 + 2 = 42.
; CHECK-RESULT: 42
define i64 @main() {
  %x = add i64 40, 2
  ret i64 %x
}
