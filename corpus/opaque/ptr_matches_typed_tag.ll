; A slot created with a typed pointer type (i64*) may be loaded and stored
; at ptr: ptr matches any pointer type in the oracle's tag comparison. The
; loaded pointer is then used at its own type: 9.
; CHECK-RESULT: 9

define i64 @main() {
  %slot = alloca i64*
  %x = alloca i64
  store i64 9, i64* %x
  store ptr %x, ptr %slot
  %p = load ptr, i64** %slot
  %v = load i64, ptr %p
  ret i64 %v
}
