; Calling a function through a bitcast pointer of another type (two parameters instead of one): bad-call.
; CHECK-UNDEFINED: bad-call
define i64 @inc(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}
define i64 @main() {
  %f = bitcast i64 (i64)* @inc to i64 (i64, i64)*
  %r = call i64 %f(i64 1, i64 2)
  ret i64 %r
}
