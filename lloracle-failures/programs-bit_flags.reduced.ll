; lloracle: reduced from corpus/programs/bit_flags.ll (4); fails with wrong output under the built-in back end mutated with ashr-as-lshr
; reproduce: lloracle test-compiler --mutate ashr-as-lshr --corpus 'lloracle-failures/programs-bit_flags.reduced.ll' --random 0
; oracle: returns 0 (exit status 0), stdout "-4\n"
; actual: returns 0 (exit status 0), stdout "9223372036854775804\n"
; CHECK-RESULT: 0

define void @print(i64 %v) {
  %s = call i8* @ll_ltoa(i64 %v)
  call void @ll_puts(i8* %s)
  ret void
}

define i64 @main() {
  %a = ashr i64 -7, 1
  call void @print(i64 %a)
  ret i64 0
}
