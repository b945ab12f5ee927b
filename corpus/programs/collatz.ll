; Collatz sequences with shifts and masks (no division): n even -> n >> 1,
; n odd -> 3n + 1. steps(27) = 111 with peak 9232 (printed); the total number
; of steps for n = 1..10 is 0+1+7+2+5+8+16+3+19+6 = 67 (printed). Result 111.
; CHECK-STDOUT: 9232
; CHECK-STDOUT: 67
; CHECK-RESULT: 111
@peak = global i64 0

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @steps(i64 %start) {
  %n = alloca i64
  %count = alloca i64
  store i64 %start, i64* %n
  store i64 0, i64* %count
  br label %head
head:
  %nv = load i64, i64* %n
  %pk = load i64, i64* @peak
  %higher = icmp sgt i64 %nv, %pk
  br i1 %higher, label %newpeak, label %test
newpeak:
  store i64 %nv, i64* @peak
  br label %test
test:
  %one = icmp eq i64 %nv, 1
  br i1 %one, label %done, label %step
step:
  %bit = and i64 %nv, 1
  %odd = icmp eq i64 %bit, 1
  br i1 %odd, label %up, label %down
up:
  %t = mul i64 %nv, 3
  %t1 = add i64 %t, 1
  store i64 %t1, i64* %n
  br label %count_it
down:
  %h = lshr i64 %nv, 1
  store i64 %h, i64* %n
  br label %count_it
count_it:
  %c = load i64, i64* %count
  %c1 = add i64 %c, 1
  store i64 %c1, i64* %count
  br label %head
done:
  %r = load i64, i64* %count
  ret i64 %r
}

define void @print(i64 %v) {
  %s = call i8* @ll_ltoa(i64 %v)
  call void @ll_puts(i8* %s)
  ret void
}

define i64 @main() {
  %s27 = call i64 @steps(i64 27)
  %pk = load i64, i64* @peak
  call void @print(i64 %pk)
  %i = alloca i64
  %total = alloca i64
  store i64 1, i64* %i
  store i64 0, i64* %total
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp sle i64 %iv, 10
  br i1 %more, label %body, label %done
body:
  %s = call i64 @steps(i64 %iv)
  %t = load i64, i64* %total
  %t1 = add i64 %t, %s
  store i64 %t1, i64* %total
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %head
done:
  %tv = load i64, i64* %total
  call void @print(i64 %tv)
  ret i64 %s27
}
