; A void function called for its effect on a global: bump(5) twice, bump(3) once = 13.
; CHECK-RESULT: 13
; CHECK-NO-STDOUT
@counter = global i64 0

define void @bump(i64 %by) {
  %old = load i64, i64* @counter
  %new = add i64 %old, %by
  store i64 %new, i64* @counter
  ret void
}

define i64 @main() {
  call void @bump(i64 5)
  call void @bump(i64 5)
  call void @bump(i64 3)
  %v = load i64, i64* @counter
  ret i64 %v
}
