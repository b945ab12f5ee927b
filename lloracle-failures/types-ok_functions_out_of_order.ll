define i64 @main() {
  %r = call i64 @is_even(i64 10)
  ret i64 %r
}

define i64 @is_even(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  %r = call i64 @is_odd(i64 %m)
  ret i64 %r
}

define i64 @is_odd(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %no, label %rec
no:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %r = call i64 @is_even(i64 %m)
  ret i64 %r
}
