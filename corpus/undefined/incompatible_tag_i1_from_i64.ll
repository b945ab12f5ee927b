; Loading at type i1 from an i64 slot through a bitcast: the effective tag i64 is not i1: incompatible-tag.
; CHECK-UNDEFINED: incompatible-tag
define i64 @main() {
  %p = alloca i64
  store i64 1, i64* %p
  %q = bitcast i64* %p to i1*
  %b = load i1, i1* %q
  br i1 %b, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
