; Each call gets its own frame: a recursive function's alloca is not clobbered by the inner calls.
; f(n) stores n in its slot, calls f(n-1), reloads its slot: f(n) = n + f(n-1), f(0) = 0; f(6) = 21.
; CHECK-RESULT: 21
define i64 @f(i64 %n) {
  %slot = alloca i64
  store i64 %n, i64* %slot
  %z = icmp eq i64 %n, 0
  br i1 %z, label %base, label %rec
base:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %sub = call i64 @f(i64 %m)
  %mine = load i64, i64* %slot
  %r = add i64 %mine, %sub
  ret i64 %r
}
define i64 @main() {
  %r = call i64 @f(i64 6)
  ret i64 %r
}
