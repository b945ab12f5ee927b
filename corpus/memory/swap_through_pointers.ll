; A callee writes into its caller's allocas through pointer arguments (the caller's frame is live).
; a = 3, b = 40; swap; a - b = 40 - 3 = 37.
; CHECK-RESULT: 37
define void @swap(i64* %x, i64* %y) {
  %vx = load i64, i64* %x
  %vy = load i64, i64* %y
  store i64 %vy, i64* %x
  store i64 %vx, i64* %y
  ret void
}
define i64 @main() {
  %a = alloca i64
  %b = alloca i64
  store i64 3, i64* %a
  store i64 40, i64* %b
  call void @swap(i64* %a, i64* %b)
  %va = load i64, i64* %a
  %vb = load i64, i64* %b
  %r = sub i64 %va, %vb
  ret i64 %r
}
