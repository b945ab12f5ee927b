; A non-void call written without a result name (legal LLVM): the value is
; dropped, the effect stays. Two calls of add_to(20) then one of add_to(2): 42.
; CHECK-RESULT: 42
@acc = global i64 0

define i64 @add_to(i64 %x) {
  %old = load i64, i64* @acc
  %new = add i64 %old, %x
  store i64 %new, i64* @acc
  ret i64 %new
}

define i64 @main() {
  call i64 @add_to(i64 20)
  call i64 @add_to(i64 20)
  call i64 @add_to(i64 2)
  %v = load i64, i64* @acc
  ret i64 %v
}
