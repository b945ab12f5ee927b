; A declared but not defined function that is not a runtime function: there is nothing to call.
; CHECK-ILL-TYPED: call-undefined
declare i64 @external(i64)
define i64 @main() {
  %x = call i64 @external(i64 1)
  ret i64 %x
}
