; Non-tail recursion: sum(n) = n + sum(n - 1), sum(0) = 0; sum(100) = 5050.
; Exit status 5050 mod 256 = 5050 - 19 * 256 = 186.
; CHECK-RESULT: 5050
define i64 @sum(i64 %n) {
  %z = icmp eq i64 %n, 0
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
  %r = call i64 @sum(i64 100)
  ret i64 %r
}
