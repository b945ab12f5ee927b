; An argument whose local has another type than its annotation: %p is i64*, passed as i64.
; CHECK-ILL-TYPED: call-arg-type
define i64 @f(i64 %x) {
  ret i64 %x
}
define i64 @main() {
  %p = alloca i64
  %x = call i64 @f(i64 %p)
  ret i64 %x
}
