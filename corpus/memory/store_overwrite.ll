; A second store replaces the first; a load sees the latest store.
; store 1, store -9, load -> -9; then -9 * 2 = -18.
; CHECK-RESULT: -18
define i64 @main() {
  %p = alloca i64
  store i64 1, i64* %p
  store i64 -9, i64* %p
  %x = load i64, i64* %p
  %y = mul i64 %x, 2
  ret i64 %y
}
