; icmp eq/ne at type i1 with true/false/0/1 literals as i1 operands (an extension the oracle accepts).
; t0 true eq 1 = 1; t1 false eq 0 = 1; t2 true ne false = 1; t3 %lt eq true where %lt = (-1 slt 0) = 1, so 1; t4 false ne 0 = 0.
; Mask 1 + 2 + 4 + 8 = 15.
; CHECK-DIVERGES-FROM-REFERENCE: i1 literals: the reference crashes on true/false/0/1 where an i1 is expected
; CHECK-RESULT: 15
define i64 @main() {
  %acc = alloca i64
  store i64 0, i64* %acc
  %lt = icmp slt i64 -1, 0
  %c0 = icmp eq i1 true, 1
  br i1 %c0, label %yes0, label %next0
yes0:
  %a0 = load i64, i64* %acc
  %b0 = add i64 %a0, 1
  store i64 %b0, i64* %acc
  br label %next0
next0:
  %c1 = icmp eq i1 false, 0
  br i1 %c1, label %yes1, label %next1
yes1:
  %a1 = load i64, i64* %acc
  %b1 = add i64 %a1, 2
  store i64 %b1, i64* %acc
  br label %next1
next1:
  %c2 = icmp ne i1 true, false
  br i1 %c2, label %yes2, label %next2
yes2:
  %a2 = load i64, i64* %acc
  %b2 = add i64 %a2, 4
  store i64 %b2, i64* %acc
  br label %next2
next2:
  %c3 = icmp eq i1 %lt, true
  br i1 %c3, label %yes3, label %next3
yes3:
  %a3 = load i64, i64* %acc
  %b3 = add i64 %a3, 8
  store i64 %b3, i64* %acc
  br label %next3
next3:
  %c4 = icmp ne i1 false, 0
  br i1 %c4, label %yes4, label %next4
yes4:
  %a4 = load i64, i64* %acc
  %b4 = add i64 %a4, 16
  store i64 %b4, i64* %acc
  br label %next4
next4:
  %r = load i64, i64* %acc
  ret i64 %r
}
