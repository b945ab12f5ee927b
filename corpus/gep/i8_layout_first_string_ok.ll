; The first string of a table is at byte 0 in both layouts (i8 of size 0 or 1): GEP 0, 0, 0 is
; well defined and ll_puts prints "foo". And a struct whose string comes last keeps its other
; fields' offsets in both layouts: {i64, [4 x i8]} field 0 is at 0 either way, so loading it gives 7.
; CHECK-STDOUT: foo
; CHECK-RESULT: 7
@strs = global [3 x [4 x i8]] [[4 x i8] c"foo\00", [4 x i8] c"bar\00", [4 x i8] c"baz\00"]
@rec = global {i64, [4 x i8]} {i64 7, [4 x i8] c"abc\00"}
declare void @ll_puts(i8*)
define i64 @main() {
  %p = getelementptr [3 x [4 x i8]], [3 x [4 x i8]]* @strs, i32 0, i32 0, i32 0
  call void @ll_puts(i8* %p)
  %f = getelementptr {i64, [4 x i8]}, {i64, [4 x i8]}* @rec, i32 0, i32 0
  %v = load i64, i64* %f
  ret i64 %v
}
