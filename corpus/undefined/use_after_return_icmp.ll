; Comparing a pointer into a dead frame is use-after-return too (natively a new frame can reuse the address).
; CHECK-UNDEFINED: use-after-return
; CHECK-DIVERGES-FROM-REFERENCE: dead frames: the reference compares the raw paths and answers
define i64* @escape() {
  %x = alloca i64
  ret i64* %x
}
define i64 @main() {
  %p = call i64* @escape()
  %q = call i64* @escape()
  %eq = icmp eq i64* %p, %q
  br i1 %eq, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
