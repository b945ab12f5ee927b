; Unbounded mutual recursion through a function pointer stored in a global: call-depth-exceeded.
; CHECK-LIMIT: call-depth-exceeded
@next = global void ()* @ping
define void @ping() {
  call void @pong()
  ret void
}
define void @pong() {
  %f = load void ()*, void ()** @next
  call void %f()
  ret void
}
define i64 @main() {
  call void @ping()
  ret i64 0
}
