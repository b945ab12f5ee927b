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
