; lloracle: reduced from corpus/programs/integer_sqrt.ll (7); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/programs-integer_sqrt.reduced.ll' --random 0
; oracle: returns 1 (exit status 1), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 1

define i64 @isqrt() {
  %lo = alloca i64
  store i64 0, i64* %lo
  br label %head
head:
  %l = load i64, i64* %lo
  %gap = sub i64 1, %l
  %more = icmp sgt i64 %gap, 0
  br i1 %more, label %probe, label %done
probe:
  store i64 1, i64* %lo
  br label %head
done:
  ret i64 %l
}

define i64 @main() {
  %d = call i64 @isqrt()
  ret i64 %d
}
