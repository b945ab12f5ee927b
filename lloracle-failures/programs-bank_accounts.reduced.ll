; lloracle: reduced from corpus/programs/bank_accounts.ll (10); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/programs-bank_accounts.reduced.ll' --random 0
; oracle: returns -50 (exit status 206), stdout ""
; actual: returns 50 (exit status 50), stdout ""
; CHECK-RESULT: -50

%account = type { i64, i64 }

@accounts = global [3 x %account] [%account { i64 0, i64 0 }, %account { i64 0, i64 0 }, %account { i64 0, i64 0 }]

define i64* @balance() {
  %p = getelementptr [3 x %account], [3 x %account]* @accounts, i64 0, i64 0, i32 1
  ret i64* %p
}

define i1 @transfer(i64 %amount) {
  %fp = call i64* @balance()
  %fb2 = sub i64 0, %amount
  store i64 %fb2, i64* %fp
  ret i1 1
}

define i64 @show() {
  %p = call i64* @balance()
  %b = load i64, i64* %p
  ret i64 %b
}

define i64 @main() {
  %t4 = call i1 @transfer(i64 50)
  %b2 = call i64 @show()
  %total = add i64 0, %b2
  %r = add i64 0, %total
  ret i64 %r
}
