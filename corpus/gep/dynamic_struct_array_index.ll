; A run-time array index followed by a constant struct index: sum of the .y fields of grid row 1 = 110 + 111 + 112 = 333.
; CHECK-RESULT: 333
%pt = type {i64, i64}
@row = global [3 x %pt] [%pt {i64 10, i64 110}, %pt {i64 11, i64 111}, %pt {i64 12, i64 112}]
define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %s
  br label %cond
cond:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 3
  br i1 %more, label %body, label %done
body:
  %e = getelementptr [3 x %pt], [3 x %pt]* @row, i32 0, i64 %iv, i32 1
  %v = load i64, i64* %e
  %sv = load i64, i64* %s
  %sv2 = add i64 %sv, %v
  store i64 %sv2, i64* %s
  %iv2 = add i64 %iv, 1
  store i64 %iv2, i64* %i
  br label %cond
done:
  %r = load i64, i64* %s
  ret i64 %r
}
