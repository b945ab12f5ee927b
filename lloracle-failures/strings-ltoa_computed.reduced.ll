; lloracle: reduced from corpus/strings/ltoa_computed.ll (3); fails with wrong output under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/strings-ltoa_computed.reduced.ll' --random 0
; oracle: returns 0 (exit status 0), stdout "-1\n"
; actual: returns 0 (exit status 0), stdout "1\n"
; CHECK-RESULT: 0

define i64 @main() {
  %y = sub i64 0, 1
  %sy = call i8* @ll_ltoa(i64 %y)
  call void @ll_puts(i8* %sy)
  ret i64 0
}
