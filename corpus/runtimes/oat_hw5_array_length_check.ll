; Homework 5 guards every index with oat_assert_array_length. The index is argc - 2 (argv[0] only: -1; with
; one argument: 0; with three: 2). Index 0 passes, the element (never written, malloc) is only stored to.
; -1 fails `ind < 0` and 2 fails `*array <= ind` for an array of length 2: the runtime writes its message on
; stderr (unbuffered) and exits with 1; "ok" was still buffered on stdout, so in `> file 2>&1` the message
; comes first and "ok" after it (flushed at exit).
; CHECK-RUNTIME: oat-hw5
; CHECK-RUN: negative
; CHECK-EXITED: 1

; CHECK-COURSE-OUTPUT: Out of bounds index -1 for array length 2ok1
; CHECK-RUN: inside
; CHECK-ARGS: a
; CHECK-RESULT: 5
; CHECK-COURSE-OUTPUT: okdone5
; CHECK-RUN: past-the-end
; CHECK-ARGS: a b c
; CHECK-EXITED: 1
; CHECK-COURSE-OUTPUT: Out of bounds index 2 for array length 2ok1
@ok = global [3 x i8] c"ok\00"
@done = global [5 x i8] c"done\00"
declare i64* @oat_alloc_array(i64)
declare void @oat_assert_array_length(i64*, i64)
declare void @print_string(i8*)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_alloc_array(i64 2)
  %arr = bitcast i64* %raw to { i64, [0 x i64] }*
  %s = bitcast [3 x i8]* @ok to i8*
  call void @print_string(i8* %s)
  %i = sub i64 %argc, 2
  %chk = bitcast { i64, [0 x i64] }* %arr to i64*
  call void @oat_assert_array_length(i64* %chk, i64 %i)
  %p = getelementptr { i64, [0 x i64] }, { i64, [0 x i64] }* %arr, i32 0, i32 1, i64 %i
  store i64 5, i64* %p
  %d = bitcast [5 x i8]* @done to i8*
  call void @print_string(i8* %d)
  %v = load i64, i64* %p
  ret i64 %v
}
