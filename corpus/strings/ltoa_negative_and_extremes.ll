; ll_ltoa on signed values: 0, -1, the largest and the smallest i64
; (its absolute value does not fit an i64, a classic itoa bug).
; CHECK-DIVERGES-FROM-REFERENCE: integer literals: the reference's parser fails on magnitudes of 2^62 and more
; CHECK-STDOUT: 0
; CHECK-STDOUT: -1
; CHECK-STDOUT: 9223372036854775807
; CHECK-STDOUT: -9223372036854775808
; CHECK-RESULT: 0
declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @main() {
  %a = call i8* @ll_ltoa(i64 0)
  call void @ll_puts(i8* %a)
  %b = call i8* @ll_ltoa(i64 -1)
  call void @ll_puts(i8* %b)
  %c = call i8* @ll_ltoa(i64 9223372036854775807)
  call void @ll_puts(i8* %c)
  %d = call i8* @ll_ltoa(i64 -9223372036854775808)
  call void @ll_puts(i8* %d)
  ret i64 0
}
