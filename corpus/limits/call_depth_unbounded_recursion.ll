; Unbounded recursion: each call pushes a frame and none returns: call-depth-exceeded (never a host stack overflow).
; CHECK-LIMIT: call-depth-exceeded
define i64 @f(i64 %n) {
  %m = add i64 %n, 1
  %r = call i64 @f(i64 %m)
  ret i64 %r
}
define i64 @main() {
  %r = call i64 @f(i64 0)
  ret i64 %r
}
