; store i64 of an i1 local: the stored value must have type S.
; CHECK-ILL-TYPED: store-type
define i64 @main() {
  %p = alloca i64
  %b = icmp eq i64 1, 2
  store i64 %b, i64* %p
  ret i64 0
}
