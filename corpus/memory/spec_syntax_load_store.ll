; The spec's own syntax for load (`load i64* %p`, no separate value type) with allocas and a pointer slot.
; x = 19; pp = &x; load pp then load -> 19; 19 + 23 = 42. (LLVM 3.7+ cannot read this syntax.)
; CHECK-RESULT: 42
define i64 @main() {
  %x = alloca i64
  %pp = alloca i64*
  store i64 19, i64* %x
  store i64* %x, i64** %pp
  %p = load i64** %pp
  %v = load i64* %p
  %r = add i64 %v, 23
  ret i64 %r
}
