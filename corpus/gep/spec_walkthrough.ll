; The spec's GEP walkthrough with A = B = C = i64: %pn2 -> n2 = (bid0, 0, 0), %pb1 -> b1 = (bid0, 0, 1, 1).
; The second GEP's first index 1 moves from n2 to its sibling n3 (legal: n2 is an element of the array n1),
; then field 1 of n3 is b1 = 5. Layout: native offset 0 + 1*24 + 8 = 32 = offset of path [0,1,1].
; CHECK-RESULT: 5
%t1 = type { i64, i64, i64 }
%t2 = type [ 2 x %t1 ]
@pn1 = global %t2 [ %t1 { i64 1, i64 2, i64 3 }, %t1 { i64 4, i64 5, i64 6 } ]
define i64 @main() {
  %pn2 = getelementptr %t2, %t2* @pn1, i32 0, i32 0
  %pb1 = getelementptr %t1, %t1* %pn2, i32 1, i32 1
  %b1 = load i64, i64* %pb1
  ret i64 %b1
}
