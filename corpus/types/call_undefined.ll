; A direct call of a name that is neither defined nor a runtime function.
; CHECK-ILL-TYPED: call-undefined
define i64 @main() {
  %x = call i64 @nosuch(i64 1)
  ret i64 %x
}
