; The spec's memory picture: a block holding the strings "foo" "bar" "baz"; the path (bid0, 0, 1) is "bar".
; But the address of "bar" depends on the size of i8: LLVM's layout puts it at byte 4, every course
; layout (size_ty I8 = 0) at byte 0, where course back ends correctly print "foo". The oracle does the
; GEP's layout check under both layouts: the offsets differ, so GEP 0, 1, 0 is undef (check 6), and
; passing that undef to ll_puts is undef-operand. Nothing is printed.
; CHECK-DIVERGES-FROM-REFERENCE: a GEP whose address depends on the size of i8: the reference prints bar, the oracle gives an undef pointer
; CHECK-UNDEFINED: undef-operand
; CHECK-NO-STDOUT
@strs = global [3 x [4 x i8]] [[4 x i8] c"foo\00", [4 x i8] c"bar\00", [4 x i8] c"baz\00"]
declare void @ll_puts(i8*)
define i64 @main() {
  %p = getelementptr [3 x [4 x i8]], [3 x [4 x i8]]* @strs, i32 0, i32 1, i32 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
