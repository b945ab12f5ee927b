; Storing through a dangling pointer to a dead frame, even after a new call may have reused the space: use-after-return.
; CHECK-UNDEFINED: use-after-return
define i64* @escape() {
  %x = alloca i64
  ret i64* %x
}
define i64 @other() {
  %y = alloca i64
  store i64 1, i64* %y
  ret i64 1
}
define i64 @main() {
  %p = call i64* @escape()
  %o = call i64 @other()
  store i64 5, i64* %p
  ret i64 %o
}
