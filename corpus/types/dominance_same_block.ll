; A use before the definition in the same block.
; CHECK-ILL-TYPED: dominance
define i64 @main() {
  %y = add i64 %x, 1
  %x = add i64 1, 2
  ret i64 %y
}
