; store i64 through an i1*: "store S OP1, S* OP2" needs the pointer type to be S*.
; CHECK-ILL-TYPED: store-type
define i64 @main() {
  %p = alloca i1
  store i64 1, i1* %p
  ret i64 0
}
