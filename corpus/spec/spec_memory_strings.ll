; The spec's memory picture: a block holding the strings "foo" "bar" "baz"; the pointer (bid0, 0, 1) refers to "bar".
; GEP [3 x [4 x i8]] 0, 1, 0 is the first character of the second string; ll_puts prints it.
; CHECK-STDOUT: bar
; CHECK-RESULT: 0
@strs = global [3 x [4 x i8]] [[4 x i8] c"foo\00", [4 x i8] c"bar\00", [4 x i8] c"baz\00"]
declare void @ll_puts(i8*)
define i64 @main() {
  %p = getelementptr [3 x [4 x i8]], [3 x [4 x i8]]* @strs, i32 0, i32 1, i32 0
  call void @ll_puts(i8* %p)
  ret i64 0
}
