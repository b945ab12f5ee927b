declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

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
