; lloracle: reduced from corpus/programs/bank_accounts.ll (4); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/programs-bank_accounts.reduced.ll' --random 0
; oracle: returns -1 (exit status 255), stdout ""
; actual: returns 1 (exit status 1), stdout ""
; CHECK-RESULT: -1

@refused = global i64 0

define i1 @transfer() {
  %fb2 = sub i64 0, 1
  store i64 %fb2, i64* @refused
  ret i1 0
}

define i64 @main() {
  %t4 = call i1 @transfer()
  %n = load i64, i64* @refused
  ret i64 %n
}
