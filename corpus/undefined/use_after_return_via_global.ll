; A callee stores its alloca's address into a global; after it returns, main loads the pointer and reads: use-after-return.
; CHECK-UNDEFINED: use-after-return
@keep = global i64* null
define void @leak() {
  %x = alloca i64
  store i64 3, i64* %x
  store i64* %x, i64** @keep
  ret void
}
define i64 @main() {
  call void @leak()
  %p = load i64*, i64** @keep
  %v = load i64, i64* %p
  ret i64 %v
}
