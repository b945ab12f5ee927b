; Passing an undef value is fine when the callee ignores it: %junk is loaded
; from a slot never written (undef), passed, and never used. first(9, undef) = 9.
; CHECK-RESULT: 9
define i64 @first(i64 %a, i64 %ignored) {
  ret i64 %a
}

define i64 @main() {
  %slot = alloca i64
  %junk = load i64, i64* %slot
  %r = call i64 @first(i64 9, i64 %junk)
  ret i64 %r
}
