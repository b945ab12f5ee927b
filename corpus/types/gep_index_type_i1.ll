; A getelementptr index that is an i1 local: indices are i64 (there is no zext in LLVMlite).
; CHECK-ILL-TYPED: gep-index-type
@a = global [2 x i64] [i64 1, i64 2]
define i64 @main() {
  %b = icmp eq i64 1, 1
  %q = getelementptr [2 x i64], [2 x i64]* @a, i32 0, i64 %b
  ret i64 0
}
