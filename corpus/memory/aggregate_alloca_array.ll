; alloca [5 x i64] (extension), filled in a loop with i*i through run-time GEP indices, then summed.
; 0 + 1 + 4 + 9 + 16 = 30.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-RESULT: 30
define i64 @main() {
  %arr = alloca [5 x i64]
  %i = alloca i64
  %sum = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %sum
  br label %fill
fill:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 5
  br i1 %more, label %fbody, label %sumstart
fbody:
  %sq = mul i64 %iv, %iv
  %e = getelementptr [5 x i64], [5 x i64]* %arr, i32 0, i64 %iv
  store i64 %sq, i64* %e
  %iv2 = add i64 %iv, 1
  store i64 %iv2, i64* %i
  br label %fill
sumstart:
  store i64 0, i64* %i
  br label %scond
scond:
  %j = load i64, i64* %i
  %more2 = icmp slt i64 %j, 5
  br i1 %more2, label %sbody, label %done
sbody:
  %e2 = getelementptr [5 x i64], [5 x i64]* %arr, i32 0, i64 %j
  %v = load i64, i64* %e2
  %s = load i64, i64* %sum
  %s2 = add i64 %s, %v
  store i64 %s2, i64* %sum
  %j2 = add i64 %j, 1
  store i64 %j2, i64* %i
  br label %scond
done:
  %r = load i64, i64* %sum
  ret i64 %r
}
