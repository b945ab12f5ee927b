; bitcast whose operand has another type than the annotated source: %p is i64*, annotated i1*.
; CHECK-ILL-TYPED: bitcast-type
define i64 @main() {
  %p = alloca i64
  %q = bitcast i1* %p to i64*
  ret i64 0
}
