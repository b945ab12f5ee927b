; The spec's GEP walkthrough written in the spec's own syntax (`getelementptr %t2* @pn1, ...`, `load i64* %p`).
; Same reasoning as spec_walkthrough.ll: %pb1 = (bid0, 0, 1, 1) = b1; plus a0 read via %pn2 field 0: 5 + 1 = 6.
; CHECK-RESULT: 6
%t1 = type { i64, i64, i64 }
%t2 = type [ 2 x %t1 ]
@pn1 = global %t2 [ %t1 { i64 1, i64 2, i64 3 }, %t1 { i64 4, i64 5, i64 6 } ]
define i64 @main() {
  %pn2 = getelementptr %t2* @pn1, i32 0, i32 0
  %pb1 = getelementptr %t1* %pn2, i32 1, i32 1
  %pa0 = getelementptr %t1* %pn2, i32 0, i32 0
  %b1 = load i64* %pb1
  %a0 = load i64* %pa0
  %r = add i64 %b1, %a0
  ret i64 %r
}
