; icmp sge, signed: 5 >= 5, 0 >= MIN, not -2 >= -1.
; t0 -1 sge 1 = 0; t1 5 sge 5 = 1; t2 0 sge MIN = 1; t3 -2 sge -1 = 0. Mask 2 + 4 = 6.
; CHECK-RESULT: 6
define i64 @main() {
  %acc = alloca i64
  store i64 0, i64* %acc
  %c0 = icmp sge i64 -1, 1
  br i1 %c0, label %yes0, label %next0
yes0:
  %a0 = load i64, i64* %acc
  %b0 = add i64 %a0, 1
  store i64 %b0, i64* %acc
  br label %next0
next0:
  %c1 = icmp sge i64 5, 5
  br i1 %c1, label %yes1, label %next1
yes1:
  %a1 = load i64, i64* %acc
  %b1 = add i64 %a1, 2
  store i64 %b1, i64* %acc
  br label %next1
next1:
  %c2 = icmp sge i64 0, -9223372036854775808
  br i1 %c2, label %yes2, label %next2
yes2:
  %a2 = load i64, i64* %acc
  %b2 = add i64 %a2, 4
  store i64 %b2, i64* %acc
  br label %next2
next2:
  %c3 = icmp sge i64 -2, -1
  br i1 %c3, label %yes3, label %next3
yes3:
  %a3 = load i64, i64* %acc
  %b3 = add i64 %a3, 8
  store i64 %b3, i64* %acc
  br label %next3
next3:
  %r = load i64, i64* %acc
  ret i64 %r
}
