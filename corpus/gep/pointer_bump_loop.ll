; Walking an array by bumping an element pointer (first index 1 on an array element) in a loop.
; 10 + 20 + 30 + 40 = 100. The last bump makes &arr[4], off the end: undef, stored but never used.
; CHECK-RESULT: 100
@arr = global [4 x i64] [i64 10, i64 20, i64 30, i64 40]
define i64 @main() {
  %p = alloca i64*
  %n = alloca i64
  %s = alloca i64
  %first = getelementptr [4 x i64], [4 x i64]* @arr, i32 0, i32 0
  store i64* %first, i64** %p
  store i64 0, i64* %n
  store i64 0, i64* %s
  br label %cond
cond:
  %nv = load i64, i64* %n
  %more = icmp slt i64 %nv, 4
  br i1 %more, label %body, label %done
body:
  %pv = load i64*, i64** %p
  %v = load i64, i64* %pv
  %sv = load i64, i64* %s
  %sv2 = add i64 %sv, %v
  store i64 %sv2, i64* %s
  %next = getelementptr i64, i64* %pv, i32 1
  store i64* %next, i64** %p
  %nv2 = add i64 %nv, 1
  store i64 %nv2, i64* %n
  br label %cond
done:
  %r = load i64, i64* %s
  ret i64 %r
}
