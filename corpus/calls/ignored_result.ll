; Calls whose results are ignored still happen: next() is called three times
; (results named but unused), so the counter is 3 and the fourth call returns 4.
; CHECK-RESULT: 4
@n = global i64 0

define i64 @next() {
  %old = load i64, i64* @n
  %new = add i64 %old, 1
  store i64 %new, i64* @n
  ret i64 %new
}

define i64 @main() {
  %unused1 = call i64 @next()
  %unused2 = call i64 @next()
  %unused3 = call i64 @next()
  %r = call i64 @next()
  ret i64 %r
}
