; Globals are mutable memory: store into @counter from a function called three times.
; @counter starts at 100; each call adds 7: 100 + 21 = 121.
; CHECK-RESULT: 121
@counter = global i64 100
define void @bump() {
  %c = load i64, i64* @counter
  %c2 = add i64 %c, 7
  store i64 %c2, i64* @counter
  ret void
}
define i64 @main() {
  call void @bump()
  call void @bump()
  call void @bump()
  %r = load i64, i64* @counter
  ret i64 %r
}
