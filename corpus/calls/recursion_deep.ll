; Deep recursion (10000 nested calls), far below any call-depth limit:
; sum(10000) = 10000 * 10001 / 2 = 50005000; mod 256: 50005000 = 195332 * 256 + 8.
; CHECK-RESULT: 50005000
define i64 @sum(i64 %n) {
  %z = icmp sle i64 %n, 0
  br i1 %z, label %base, label %step
base:
  ret i64 0
step:
  %m = sub i64 %n, 1
  %s = call i64 @sum(i64 %m)
  %r = add i64 %n, %s
  ret i64 %r
}

define i64 @main() {
  %r = call i64 @sum(i64 10000)
  ret i64 %r
}
