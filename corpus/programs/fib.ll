; Fibonacci two ways: naive recursion fib(20) = 6765 (21891 calls) and an
; iterative loop for fib(50) = 12586269025 and fib(90) = 2880067194370816120
; (the largest that fit are near 92; these do not wrap), printed.
; fib(0) = 0, fib(1) = 1. Result fib(20) = 6765 (exit status 6765 - 26 * 256 = 109).
; CHECK-STDOUT: 12586269025
; CHECK-STDOUT: 2880067194370816120
; CHECK-RESULT: 6765
declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @fib_rec(i64 %n) {
  %small = icmp slt i64 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i64 %n
rec:
  %n1 = sub i64 %n, 1
  %n2 = sub i64 %n, 2
  %a = call i64 @fib_rec(i64 %n1)
  %b = call i64 @fib_rec(i64 %n2)
  %s = add i64 %a, %b
  ret i64 %s
}

define i64 @fib_iter(i64 %n) {
  %a = alloca i64
  %b = alloca i64
  %i = alloca i64
  store i64 0, i64* %a
  store i64 1, i64* %b
  store i64 0, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, %n
  br i1 %more, label %body, label %done
body:
  %av = load i64, i64* %a
  %bv = load i64, i64* %b
  %c = add i64 %av, %bv
  store i64 %bv, i64* %a
  store i64 %c, i64* %b
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %head
done:
  %r = load i64, i64* %a
  ret i64 %r
}

define i64 @main() {
  %f50 = call i64 @fib_iter(i64 50)
  %s50 = call i8* @ll_ltoa(i64 %f50)
  call void @ll_puts(i8* %s50)
  %f90 = call i64 @fib_iter(i64 90)
  %s90 = call i8* @ll_ltoa(i64 %f90)
  call void @ll_puts(i8* %s90)
  %r = call i64 @fib_rec(i64 20)
  ret i64 %r
}
