; An element of [2 x %E], %E = {i1, {i1, i64}}, seen as %V = {{i1, i1}, i64} (FLATTEN [i1, i1, i64] for both),
; moved by a first index of 1 and compared with the next element:
;   course layout: %V is 8 + 8 + 8 = 24 bytes, %E 8 + 16 = 24: the move lands on element 1. Equal.
;   LLVM's layout: %V is {i1, i1} (2 bytes) then the i64 at 8: 16 bytes; %E is the i1, then {i1, i64} aligned
;                  to 8 at 8 (16 bytes): 24 bytes. The move goes 16 bytes, element 1 is at 24. Unequal.
; The layout check fails for the move (course 24 = 24, LLVM 16 != 24): %m is undef, the icmp undef-operand.
; CHECK-DIVERGES-FROM-REFERENCE: layouts: the reference moves along the array's path and returns 1
; CHECK-UNDEFINED: undef-operand
%E = type {i1, {i1, i64}}
%V = type {{i1, i1}, i64}
define i64 @main() {
  %arr = alloca [2 x %E]
  %e0 = getelementptr [2 x %E], [2 x %E]* %arr, i32 0, i32 0
  %v = bitcast %E* %e0 to %V*
  %m = getelementptr %V, %V* %v, i32 1
  %e1 = getelementptr [2 x %E], [2 x %E]* %arr, i32 0, i32 1
  %mc = bitcast %V* %m to %E*
  %c = icmp eq %E* %mc, %e1
  br i1 %c, label %same, label %differ
same:
  ret i64 1
differ:
  ret i64 0
}
