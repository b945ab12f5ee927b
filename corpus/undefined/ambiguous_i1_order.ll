; icmp slt at type i1: is 1 the value -1 (1-bit two's complement, LLVM) or +1 (course back ends)? ambiguous-i1-order.
; CHECK-UNDEFINED: ambiguous-i1-order
; CHECK-DIVERGES-FROM-REFERENCE: i1 order: the reference compares 0/1 as words and gives 1 here; the spec reads i1 as two's complement
define i64 @main() {
  %a = icmp eq i64 1, 1
  %b = icmp eq i64 1, 2
  %c = icmp slt i1 %a, %b
  br i1 %c, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
