; load i64 through an i1*: "load S* OP" needs the pointer type to be exactly S*.
; CHECK-ILL-TYPED: load-type
define i64 @main() {
  %p = alloca i1
  %x = load i64, i1* %p
  ret i64 %x
}
