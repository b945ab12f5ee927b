; Definitions named ll_strcat and ll_ltoa are rejected like ll_puts (rule runtime-defined).
; CHECK-ILL-TYPED: runtime-defined
define i8* @ll_strcat(i8* %a, i8* %b) {
  ret i8* %a
}
define i8* @ll_ltoa(i64 %n) {
  ret i8* null
}
define i64 @main() {
  ret i64 0
}
