; The "mutable variables" pattern a front end emits: entry-block allocas, loads and stores in a loop.
; sum of 1..10 = 55; i counts 1..10 then the loop exits at i = 11.
; CHECK-RESULT: 55
define i64 @main() {
  %i = alloca i64
  %sum = alloca i64
  store i64 1, i64* %i
  store i64 0, i64* %sum
  br label %cond
cond:
  %iv = load i64, i64* %i
  %go = icmp sle i64 %iv, 10
  br i1 %go, label %body, label %done
body:
  %sv = load i64, i64* %sum
  %sv2 = add i64 %sv, %iv
  store i64 %sv2, i64* %sum
  %iv2 = add i64 %iv, 1
  store i64 %iv2, i64* %i
  br label %cond
done:
  %r = load i64, i64* %sum
  ret i64 %r
}
