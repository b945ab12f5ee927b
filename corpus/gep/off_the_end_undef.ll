; An index one past the array's end: the path does not target a subtree, so the GEP is undef; the load is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@arr = global [3 x i64] [i64 1, i64 2, i64 3]
define i64 @main() {
  %p = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 3
  %v = load i64, i64* %p
  ret i64 %v
}
