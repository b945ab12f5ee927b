; A call with one argument: the parameter is bound to the argument value.
; CHECK-RESULT: 17
define i64 @id(i64 %x) {
  ret i64 %x
}

define i64 @main() {
  %r = call i64 @id(i64 17)
  ret i64 %r
}
