; GEP with a single index 0 on a scalar pointer is the identity: the same slot, and equal to the original pointer.
; 8 stored via the GEP result, read via the alloca: 8; the pointers compare equal so we add 1: 9.
; CHECK-RESULT: 9
define i64 @main() {
  %a = alloca i64
  %p = getelementptr i64, i64* %a, i32 0
  store i64 8, i64* %p
  %v = load i64, i64* %a
  %eq = icmp eq i64* %p, %a
  br i1 %eq, label %yes, label %no
yes:
  %r = add i64 %v, 1
  ret i64 %r
no:
  ret i64 %v
}
