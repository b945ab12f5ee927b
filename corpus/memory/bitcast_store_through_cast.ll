; Storing through a bitcast pointer at the slot's real type: i64* -> i8* -> i64*, store, read via the original.
; CHECK-RESULT: 64
define i64 @main() {
  %p = alloca i64
  store i64 1, i64* %p
  %s = bitcast i64* %p to i8*
  %q = bitcast i8* %s to i64*
  store i64 64, i64* %q
  %v = load i64, i64* %p
  ret i64 %v
}
