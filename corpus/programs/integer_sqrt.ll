; Integer square root by binary search on the answer (mul and shifts only):
; isqrt(1000000) = 1000, isqrt(99) = 9, isqrt(0) = 0, isqrt(1) = 1,
; isqrt(2^62 = 4611686018427387904) = 2^31 = 2147483648 (printed).
; The search keeps lo * lo <= n < hi * hi starting from hi = 3037000500 (just above
; sqrt(2^63)); hi * hi is never computed and every mid < hi has mid * mid < 2^63.
; Result 1000 + 9 + 0 + 1 = 1010 (exit status 1010 - 768 = 242).
; CHECK-DIVERGES-FROM-REFERENCE: integer literals: the reference's parser fails on magnitudes of 2^62 and more
; CHECK-STDOUT: 2147483648
; CHECK-RESULT: 1010
declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

; Largest r with r * r <= n, for 0 <= n < 2^63.
define i64 @isqrt(i64 %n) {
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
  %sq = mul i64 %mid, %mid
  %fits = icmp sle i64 %sq, %n
  br i1 %fits, label %up, label %down
up:
  store i64 %mid, i64* %lo
  br label %head
down:
  store i64 %mid, i64* %hi
  br label %head
done:
  ret i64 %l
}

define i64 @main() {
  %a = call i64 @isqrt(i64 1000000)
  %b = call i64 @isqrt(i64 99)
  %c = call i64 @isqrt(i64 0)
  %d = call i64 @isqrt(i64 1)
  %e = call i64 @isqrt(i64 4611686018427387904)
  %es = call i8* @ll_ltoa(i64 %e)
  call void @ll_puts(i8* %es)
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  ret i64 %s3
}
