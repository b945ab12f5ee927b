; A program that defines the runtime function ll_puts: the oracle would run this definition,
; natively the link fails or depends on link order. The checker rejects it (rule runtime-defined).
; CHECK-ILL-TYPED: runtime-defined
define void @ll_puts(i8* %s) {
  ret void
}
define i64 @main() {
  ret i64 0
}
