; Returning an alloca's address and loading through it after the callee's frame was freed by ret: use-after-return.
; CHECK-UNDEFINED: use-after-return
define i64* @escape() {
  %x = alloca i64
  store i64 7, i64* %x
  ret i64* %x
}
define i64 @main() {
  %p = call i64* @escape()
  %v = load i64, i64* %p
  ret i64 %v
}
