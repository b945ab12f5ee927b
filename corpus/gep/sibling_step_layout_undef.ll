; Layout check on a sibling move with the wrong element size: &arr[1] (a {i64,i64}) bitcast to i64* and moved by 1.
; Native: offset 16 + 8 = 24 (arr[1].1). The path becomes [0,2] (arr[2], offset 32). 24 != 32: undef, so the load is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@arr = global [3 x {i64, i64}] [{i64, i64} {i64 1, i64 2}, {i64, i64} {i64 3, i64 4}, {i64, i64} {i64 5, i64 6}]
define i64 @main() {
  %e1 = getelementptr [3 x {i64, i64}], [3 x {i64, i64}]* @arr, i32 0, i32 1
  %c = bitcast {i64, i64}* %e1 to i64*
  %p = getelementptr i64, i64* %c, i32 1
  %v = load i64, i64* %p
  ret i64 %v
}
