; shl at type i1 stays ill-typed, like add, sub and mul: LLVM works on one bit, course back ends on words.
; CHECK-ILL-TYPED: binop-type
define i64 @main() {
  %a = icmp eq i64 1, 1
  %b = shl i1 %a, 0
  ret i64 0
}
