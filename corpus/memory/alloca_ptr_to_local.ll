; A pointer slot holding the address of another alloca (an i64** local), double indirection on the stack.
; *x = 5; pp = &x; **pp = 6 through the loaded pointer; x now 6; 6 * 7 = 42.
; CHECK-RESULT: 42
define i64 @main() {
  %x = alloca i64
  %pp = alloca i64*
  store i64 5, i64* %x
  store i64* %x, i64** %pp
  %p = load i64*, i64** %pp
  store i64 6, i64* %p
  %v = load i64, i64* %x
  %r = mul i64 %v, 7
  ret i64 %r
}
