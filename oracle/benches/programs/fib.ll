; Benchmark: naive recursive fib(27) = 196418.
define i64 @fib(i64 %n) {
  %small = icmp slt i64 %n, 2
  br i1 %small, label %base, label %rec
base:
  ret i64 %n
rec:
  %n1 = sub i64 %n, 1
  %a = call i64 @fib(i64 %n1)
  %n2 = sub i64 %n, 2
  %b = call i64 @fib(i64 %n2)
  %r = add i64 %a, %b
  ret i64 %r
}

define i64 @main() {
  %r = call i64 @fib(i64 27)
  ret i64 %r
}
