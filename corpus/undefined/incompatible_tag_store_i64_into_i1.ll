; Storing an i64 into an i1 slot through a bitcast: the target's tag i1 is not i64: incompatible-tag.
; CHECK-UNDEFINED: incompatible-tag
define i64 @main() {
  %b = alloca i1
  %p = bitcast i1* %b to i64*
  store i64 1, i64* %p
  ret i64 0
}
