; lloracle: reduced from corpus/programs/integer_sqrt.ll (13); fails with wrong result under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/programs-integer_sqrt.reduced.ll' --random 0
; oracle: returns 3037000499 (exit status 51), stdout ""
; actual: returns 0 (exit status 0), stdout ""
; CHECK-RESULT: 3037000499

define i64 @isqrt() {
  %lo = alloca i64
  %hi = alloca i64
  store i64 0, i64* %lo
  store i64 3037000500, i64* %hi
  br label %head
head:
  %l = load i64, i64* %lo
  %h = load i64, i64* %hi
  %gap = sub i64 %h, %l
  %more = icmp sgt i64 %gap, 1
  br i1 %more, label %probe, label %done
probe:
  %sum = add i64 %l, %h
  %mid = lshr i64 %sum, 1
  store i64 %mid, i64* %lo
  br label %head
done:
  ret i64 %l
}

define i64 @main() {
  %d = call i64 @isqrt()
  %s3 = add i64 0, %d
  ret i64 %s3
}
