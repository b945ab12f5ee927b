; A local defined twice (SSA: a local names one instruction).
; CHECK-ILL-TYPED: duplicate-local
define i64 @main() {
  %x = add i64 1, 2
  %x = add i64 3, 4
  ret i64 %x
}
