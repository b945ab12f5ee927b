; A void call that names its result: "call void OP1(...)" updates no local; void cannot be named.
; CHECK-ILL-TYPED: call-void-binds
define void @f() {
  ret void
}
define i64 @main() {
  %x = call void @f()
  ret i64 0
}
