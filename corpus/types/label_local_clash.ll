; A block label that is also the name of a local: LLVM 14 rejects it ("'%x' is not
; a basic block") because labels and locals share one namespace there, so the
; checker's label-local-clash rule rejects it too.
; CHECK-ILL-TYPED: label-local-clash
define i64 @main() {
  %x = add i64 1, 2
  br label %x
x:
  ret i64 %x
}
