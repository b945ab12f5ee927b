; Pointer types are compared structurally for load/store: loading an i1* from a slot tagged i64* is incompatible-tag
; (PTRTOI8 equality is only for GEP compatibility, not for loads).
; CHECK-UNDEFINED: incompatible-tag
@g = global i64 3
define i64 @main() {
  %slot = alloca i64*
  store i64* @g, i64** %slot
  %c = bitcast i64** %slot to i1**
  %p = load i1*, i1** %c
  ret i64 0
}
