; Malformed: sdiv is not an LLVMlite instruction (full LLVM has it; LLVMlite does not) (the binops are add sub mul shl lshr ashr and or xor).
; CHECK-MALFORMED
define i64 @main() {
  %x = sdiv i64 6, 3
  ret i64 %x
}
