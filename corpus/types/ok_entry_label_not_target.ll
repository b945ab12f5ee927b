; Accepted: the entry block may carry a label (LLVM syntax) as long as no branch targets it.
; CHECK-RESULT: 11
define i64 @main() {
entry:
  br label %next
next:
  ret i64 11
}
