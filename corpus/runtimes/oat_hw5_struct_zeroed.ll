; Homework 5 structs: oat_malloc(8 * fields) is calloc'd, and the bitcast %S* gives the block its type at the
; first GEP. Every zeroed field reads as the zero of its type: the i64 as 0, the bool (i1) as false, the
; pointer as null (so `icmp eq %S* %next, null` is 1). A runtime function is a first-class value: @print_int
; goes to @apply as a function pointer and is called through it.
; Output: "false", then "5" (print_int through the pointer), then "1" (next is null); result 0 + 1 = 1.
; CHECK-RUNTIME: oat-hw5
; CHECK-RESULT: 1
; CHECK-COURSE-OUTPUT: false511
%S = type { i64, i1, %S* }
declare i64* @oat_malloc(i64)
declare void @print_int(i64)
declare void @print_bool(i1)

define void @apply(void (i64)* %f, i64 %x) {
  call void %f(i64 %x)
  ret void
}

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %raw = call i64* @oat_malloc(i64 24)
  %s = bitcast i64* %raw to %S*
  %np = getelementptr %S, %S* %s, i32 0, i32 2
  %next = load %S*, %S** %np
  %isnull = icmp eq %S* %next, null
  %fp = getelementptr %S, %S* %s, i32 0, i32 1
  %flag = load i1, i1* %fp
  call void @print_bool(i1 %flag)
  %vp = getelementptr %S, %S* %s, i32 0, i32 0
  %v = load i64, i64* %vp
  call void @apply(void (i64)* @print_int, i64 5)
  br i1 %isnull, label %yes, label %no
yes:
  call void @print_int(i64 1)
  %r = add i64 %v, 1
  ret i64 %r
no:
  ret i64 %v
}
