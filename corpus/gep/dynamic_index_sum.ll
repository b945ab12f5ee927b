; Array indices computed at run time (a loop counter) are allowed; struct indices must be constants.
; 3 + 1 + 4 + 1 + 5 = 14.
; CHECK-RESULT: 14
@arr = global [5 x i64] [i64 3, i64 1, i64 4, i64 1, i64 5]
define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %s
  br label %cond
cond:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 5
  br i1 %more, label %body, label %done
body:
  %e = getelementptr [5 x i64], [5 x i64]* @arr, i32 0, i64 %iv
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
