; The oracle's dynamic check still applies to opaque programs: the slot was
; created as a ptr, and loading it at i64 is a load whose annotation does
; not match the type the memory was created with.
; CHECK-UNDEFINED: incompatible-tag

define i64 @main() {
  %slot = alloca ptr
  %x = alloca i64
  store ptr %x, ptr %slot
  %v = load i64, ptr %slot
  ret i64 %v
}
