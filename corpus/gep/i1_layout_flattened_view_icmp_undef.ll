; %A = {i1, {i1, i64}} seen as {i1, i1, i64} (FLATTEN [i1, i1, i64] for both). `gep {i1, i1, i64}, 0, 1` against
; `gep %A, 0, 1, 0` (the inner i1):
;   course layout: the view's field 1 at 8; A.1.0 at 8 (A.1 starts after the 8-byte i1). Equal.
;   LLVM's layout: the view's field 1 at 1 (i1 fields are one byte, unaligned); A.1 is aligned to 8 (it holds
;                  an i64), so A.1.0 is at 8. Unequal: LLVM answers 0.
; The layout check fails for the view's GEP (course 8 = 8, LLVM 1 != 8), so %p is undef and comparing it is
; undef-operand.
; CHECK-DIVERGES-FROM-REFERENCE: layouts: the reference follows the literal paths ([0, 1] and [0, 1, 0] differ) and returns 0
; CHECK-UNDEFINED: undef-operand
%A = type {i1, {i1, i64}}
define i64 @main() {
  %a = alloca %A
  %v = bitcast %A* %a to {i1, i1, i64}*
  %p = getelementptr {i1, i1, i64}, {i1, i1, i64}* %v, i32 0, i32 1
  %q = getelementptr %A, %A* %a, i32 0, i32 1, i32 0
  %c = icmp eq i1* %p, %q
  br i1 %c, label %same, label %differ
same:
  ret i64 1
differ:
  ret i64 0
}
