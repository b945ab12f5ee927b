; ret void in a function returning i64.
; CHECK-ILL-TYPED: ret-type
define i64 @f() {
  ret void
}
define i64 @main() {
  ret i64 0
}
