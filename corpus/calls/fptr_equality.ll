; Function pointers compare with eq/ne: a pointer loaded from a global that
; holds @f equals @f (1) and differs from @g (ne gives 1). Result 1*10 + 1 = 11.
; CHECK-RESULT: 11
@fp = global i64 ()* @f

define i64 @f() {
  ret i64 1
}

define i64 @g() {
  ret i64 2
}

define i64 @main() {
  %p = load i64 ()*, i64 ()** @fp
  %same = icmp eq i64 ()* %p, @f
  %diff = icmp ne i64 ()* %p, @g
  br i1 %same, label %s1, label %bad
s1:
  br i1 %diff, label %good, label %bad
good:
  ret i64 11
bad:
  ret i64 0
}
