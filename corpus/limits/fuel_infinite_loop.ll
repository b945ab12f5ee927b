; An infinite loop never returns: the oracle stops it when its fuel runs out (a limit, not a property of the program).
; CHECK-LIMIT: fuel-exhausted
define i64 @main() {
  br label %loop
loop:
  br label %loop
}
