; Calling through a pointer whose annotated return type differs (i64* vs the real i64, same parameters): bad-call.
; The spec demands the function's return type AND argument types match; the reference only checks the count.
; CHECK-DIVERGES-FROM-REFERENCE: the reference only checks the argument count, so it makes this call
; CHECK-UNDEFINED: bad-call
define i64 @seven() {
  ret i64 7
}
define i64 @main() {
  %f = bitcast i64 ()* @seven to i64* ()*
  %p = call i64* %f()
  ret i64 0
}
