; The sieve of Eratosthenes over an array alloca'd in main's frame
; ([100 x i64], cleared in a loop): there are 25 primes below 100 and they add
; up to 1060 (printed); the primes below 30 are printed on one line.
; Result 25.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-STDOUT: 2 3 5 7 11 13 17 19 23 29
; CHECK-STDOUT: 1060
; CHECK-RESULT: 25
@space = global [2 x i8] c" \00"
@empty = global [1 x i8] c"\00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @main() {
  %composite = alloca [100 x i64]
  %i = alloca i64
  %j = alloca i64
  %count = alloca i64
  %sum = alloca i64
  %line = alloca i8*
  %e = getelementptr [1 x i8], [1 x i8]* @empty, i32 0, i32 0
  %sp = getelementptr [2 x i8], [2 x i8]* @space, i32 0, i32 0
  store i8* %e, i8** %line
  store i64 0, i64* %count
  store i64 0, i64* %sum
  store i64 0, i64* %i
  br label %clear
clear:
  %ci = load i64, i64* %i
  %cmore = icmp slt i64 %ci, 100
  br i1 %cmore, label %clear_body, label %sieve_init
clear_body:
  %cp = getelementptr [100 x i64], [100 x i64]* %composite, i64 0, i64 %ci
  store i64 0, i64* %cp
  %ci1 = add i64 %ci, 1
  store i64 %ci1, i64* %i
  br label %clear
sieve_init:
  store i64 2, i64* %i
  br label %outer
outer:
  %iv = load i64, i64* %i
  %omore = icmp slt i64 %iv, 100
  br i1 %omore, label %test, label %done
test:
  %ip = getelementptr [100 x i64], [100 x i64]* %composite, i64 0, i64 %iv
  %flag = load i64, i64* %ip
  %isprime = icmp eq i64 %flag, 0
  br i1 %isprime, label %prime, label %outer_next
prime:
  %c = load i64, i64* %count
  %c1 = add i64 %c, 1
  store i64 %c1, i64* %count
  %s = load i64, i64* %sum
  %s1 = add i64 %s, %iv
  store i64 %s1, i64* %sum
  %small = icmp slt i64 %iv, 30
  br i1 %small, label %show, label %mark_init
show:
  %l = load i8*, i8** %line
  %first = icmp eq i64 %c, 0
  br i1 %first, label %show_num, label %show_sep
show_sep:
  %l1 = call i8* @ll_strcat(i8* %l, i8* %sp)
  store i8* %l1, i8** %line
  br label %show_num
show_num:
  %ns = call i8* @ll_ltoa(i64 %iv)
  %l2 = load i8*, i8** %line
  %l3 = call i8* @ll_strcat(i8* %l2, i8* %ns)
  store i8* %l3, i8** %line
  br label %mark_init
mark_init:
  %sq = mul i64 %iv, %iv
  store i64 %sq, i64* %j
  br label %mark
mark:
  %jv = load i64, i64* %j
  %mmore = icmp slt i64 %jv, 100
  br i1 %mmore, label %mark_body, label %outer_next
mark_body:
  %jp = getelementptr [100 x i64], [100 x i64]* %composite, i64 0, i64 %jv
  store i64 1, i64* %jp
  %j1 = add i64 %jv, %iv
  store i64 %j1, i64* %j
  br label %mark
outer_next:
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %outer
done:
  %text = load i8*, i8** %line
  call void @ll_puts(i8* %text)
  %total = load i64, i64* %sum
  %ts = call i8* @ll_ltoa(i64 %total)
  call void @ll_puts(i8* %ts)
  %r = load i64, i64* %count
  ret i64 %r
}
