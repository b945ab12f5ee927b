; A binop at type i1: "%L = BOP i64 OP1, OP2" is i64 x i64 -> i64 only (LLVM allows and i1, LLVMlite does not).
; CHECK-ILL-TYPED: binop-type
define i64 @main() {
  %a = icmp eq i64 1, 1
  %b = and i1 %a, %a
  ret i64 0
}
