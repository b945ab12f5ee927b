; main returning i1: the entry function has type i64 () or i64 (i64, i8**).
; CHECK-ILL-TYPED: main-type
define i1 @main() {
  ret i1 true
}
