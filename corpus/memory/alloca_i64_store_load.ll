; alloca i64, store, load back: the slot holds what was stored.
; CHECK-RESULT: 42
define i64 @main() {
  %p = alloca i64
  store i64 42, i64* %p
  %x = load i64, i64* %p
  ret i64 %x
}
