; Accepted: icmp eq at a function pointer type (S may be any simple type). @f eq @f = 1, @f eq @g = 0: returns 1.
; CHECK-RESULT: 1
define i64 @f() {
  ret i64 1
}
define i64 @g() {
  ret i64 2
}
define i64 @main() {
  %same = icmp eq i64 ()* @f, @f
  %diff = icmp eq i64 ()* @f, @g
  br i1 %diff, label %bad, label %next
next:
  br i1 %same, label %good, label %bad
good:
  ret i64 1
bad:
  ret i64 0
}
