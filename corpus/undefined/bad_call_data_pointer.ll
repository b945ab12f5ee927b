; Calling a pointer to global data (bitcast to a function pointer): the callee is not a function: bad-call.
; CHECK-UNDEFINED: bad-call
@g = global i64 0
define i64 @main() {
  %f = bitcast i64* @g to i64 ()*
  %r = call i64 %f()
  ret i64 %r
}
