; Storing a pointer into an i64 slot through a bitcast i64* -> i64**: the slot's tag i64 is not i64*: incompatible-tag.
; CHECK-UNDEFINED: incompatible-tag
@g = global i64 0
define i64 @main() {
  %slot = alloca i64
  %c = bitcast i64* %slot to i64**
  store i64* @g, i64** %c
  ret i64 0
}
