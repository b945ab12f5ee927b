; Homework 5: oat_assert_not_null(null) writes "Attempted to dereference null pointer" on stderr and exits 1.
; CHECK-RUNTIME: oat-hw5
; CHECK-EXITED: 1
; CHECK-NO-STDOUT
; CHECK-COURSE-OUTPUT: Attempted to dereference null pointer1
%S = type { i64 }
declare void @oat_assert_not_null(i8*)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %p = bitcast %S* null to i8*
  call void @oat_assert_not_null(i8* %p)
  ret i64 0
}
