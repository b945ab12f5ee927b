; Comparing a pointer into a dead frame with null is use-after-return as well: the pointer is
; not null, but its block is gone, and the spec gives no answer for a freed block.
; CHECK-UNDEFINED: use-after-return
; CHECK-DIVERGES-FROM-REFERENCE: dead frames: the reference compares the raw paths and answers
define i64* @escape() {
  %x = alloca i64
  ret i64* %x
}
define i64 @main() {
  %p = call i64* @escape()
  %isnull = icmp eq i64* %p, null
  br i1 %isnull, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
