; icmp sge even on two pointers into the same array (C would allow it): pointer-order-compare.
; CHECK-UNDEFINED: pointer-order-compare
@arr = global [2 x i64] [i64 1, i64 2]
define i64 @main() {
  %p0 = getelementptr [2 x i64], [2 x i64]* @arr, i32 0, i32 0
  %p1 = getelementptr [2 x i64], [2 x i64]* @arr, i32 0, i32 1
  %c = icmp sge i64* %p1, %p0
  br i1 %c, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
