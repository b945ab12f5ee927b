; An alloca of [8 x i8] has size 0 in the course layout (size_ty I8 = 0), so natively it may
; share its address with the next alloca: comparing it with a pointer into another block is
; ambiguous-pointer-eq, even though in LLVM's layout it has 8 bytes.
; CHECK-UNDEFINED: ambiguous-pointer-eq
define i64 @main() {
  %s = alloca [8 x i8]
  %x = alloca i64
  %p = bitcast [8 x i8]* %s to i64*
  %c = icmp eq i64* %p, %x
  br i1 %c, label %same, label %other
same:
  ret i64 1
other:
  ret i64 2
}
