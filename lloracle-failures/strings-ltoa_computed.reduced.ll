; lloracle: reduced from corpus/strings/ltoa_computed.ll (5); fails with wrong output under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/strings-ltoa_computed.reduced.ll' --random 0
; oracle: returns 0 (exit status 0), stdout "0-997\n"
; actual: returns 0 (exit status 0), stdout "0997\n"
; CHECK-RESULT: 0

define i64 @main() {
  %y = sub i64 3, 1000
  %sx = call i8* @ll_ltoa(i64 0)
  %sy = call i8* @ll_ltoa(i64 %y)
  %s = call i8* @ll_strcat(i8* %sx, i8* %sy)
  call void @ll_puts(i8* %s)
  ret i64 0
}
