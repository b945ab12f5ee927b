; Comparing an off-the-end pointer (the GEP gave undef) with another pointer: undef-operand at the icmp.
; (C allows one-past-the-end comparisons; LLVMlite's GEP gives undef there, so loops must count, not compare to the end.)
; CHECK-UNDEFINED: undef-operand
@arr = global [2 x i64] [i64 1, i64 2]
define i64 @main() {
  %end = getelementptr [2 x i64], [2 x i64]* @arr, i32 0, i32 2
  %first = getelementptr [2 x i64], [2 x i64]* @arr, i32 0, i32 0
  %c = icmp eq i64* %first, %end
  br i1 %c, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
