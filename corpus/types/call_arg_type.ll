; An argument annotated i1 for an i64 parameter (the literal 1 could be either; the annotation is wrong).
; CHECK-ILL-TYPED: call-arg-type
define i64 @f(i64 %x) {
  ret i64 %x
}
define i64 @main() {
  %x = call i64 @f(i1 1)
  ret i64 %x
}
