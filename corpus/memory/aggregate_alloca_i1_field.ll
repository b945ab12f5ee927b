; An aggregate alloca with an i1 field ({i1, i64}, extension): store/load i1 and i64 through field GEPs.
; flag = (2 sgt 1) = 1, count = 40; flag set -> count + 2 = 42.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-RESULT: 42
define i64 @main() {
  %s = alloca {i1, i64}
  %pf = getelementptr {i1, i64}, {i1, i64}* %s, i32 0, i32 0
  %pc = getelementptr {i1, i64}, {i1, i64}* %s, i32 0, i32 1
  %gt = icmp sgt i64 2, 1
  store i1 %gt, i1* %pf
  store i64 40, i64* %pc
  %f = load i1, i1* %pf
  %c = load i64, i64* %pc
  br i1 %f, label %yes, label %no
yes:
  %r = add i64 %c, 2
  ret i64 %r
no:
  ret i64 %c
}
