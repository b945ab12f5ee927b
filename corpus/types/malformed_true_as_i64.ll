; `true` and `false` are i1 literals only; `add i64 true, 1` has no LLVMlite type (it would read as 2).
; CHECK-MALFORMED
define i64 @main() {
  %x = add i64 true, 1
  ret i64 %x
}
