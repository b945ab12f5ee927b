; oat_alloc_array asserts `size >= 0` (C assert): a negative size aborts, status 134. The "hi" printed before
; is still in the C library's stdout buffer (fully buffered to a file, 4096 bytes) and is lost; the course
; harness sees only the assertion message (whose PROGRAM: FILE:LINE: prefix the oracle leaves out) and 134.
; CHECK-RUNTIME: oat-eth
; CHECK-ABORTED
; CHECK-NO-STDOUT
; CHECK-COURSE-OUTPUT: oat_alloc_array: Assertion `size >= 0' failed.\n134
@hi = global [3 x i8] c"hi\00"
declare i64* @oat_alloc_array(i64)
declare void @print_string(i8*)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %s = bitcast [3 x i8]* @hi to i8*
  call void @print_string(i8* %s)
  %n = sub i64 0, %argc
  %raw = call i64* @oat_alloc_array(i64 %n)
  ret i64 0
}
