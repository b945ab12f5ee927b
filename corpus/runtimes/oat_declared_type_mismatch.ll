; A runtime function declared at another type than its runtime's is ill-typed: print_int takes an int64_t,
; and i8* is not it (print_bool's i1 is the one exception the courses' own output has).
; CHECK-RUNTIME: oat-eth
; CHECK-ILL-TYPED: declare-type
declare void @print_int(i8*)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  call void @print_int(i8* null)
  ret i64 0
}
