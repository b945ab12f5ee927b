; Accepted: a void function with ret void, called without binding a result; it writes its result into a global.
; CHECK-RESULT: 99
@out = global i64 0
define void @set(i64 %v) {
  store i64 %v, i64* @out
  ret void
}
define i64 @main() {
  call void @set(i64 99)
  %r = load i64, i64* @out
  ret i64 %r
}
