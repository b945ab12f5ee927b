; Benchmark: a 10^7-iteration arithmetic loop over allocas.
; sum over i in 0..10^7 of (i * 3 + 1) xor (i >> 2); the exact value is checked by the tests.
define i64 @main() {
  %i = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %c = icmp slt i64 %iv, 10000000
  br i1 %c, label %body, label %done
body:
  %a = load i64, i64* %acc
  %m = mul i64 %iv, 3
  %p = add i64 %m, 1
  %s = ashr i64 %iv, 2
  %x = xor i64 %p, %s
  %a2 = add i64 %a, %x
  store i64 %a2, i64* %acc
  %i2 = add i64 %iv, 1
  store i64 %i2, i64* %i
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}
