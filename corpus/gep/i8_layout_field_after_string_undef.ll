; In {[4 x i8], i64} the i64 is at byte 4 in LLVM's layout and at byte 0 in the course layout
; (size_ty I8 = 0): the GEP to field 1 depends on the size of i8, so it is undef (check 6), and
; the load through it is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
@rec = global {[4 x i8], i64} {[4 x i8] c"abc\00", i64 7}
define i64 @main() {
  %f = getelementptr {[4 x i8], i64}, {[4 x i8], i64}* @rec, i32 0, i32 1
  %v = load i64, i64* %f
  ret i64 %v
}
