; Accepted: dominance is checked only for reachable blocks; %dead (no predecessor) uses %y before it is defined.
; main returns 3 and never runs %dead. (LLVM's verifier also ignores unreachable blocks.)
; CHECK-RESULT: 3
define i64 @main() {
  ret i64 3
dead:
  %z = add i64 %y, 1
  %y = add i64 1, 1
  ret i64 %z
}
