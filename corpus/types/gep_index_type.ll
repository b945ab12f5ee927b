; A getelementptr index that is a pointer local: index operands have type i64 ("T1* x i64 x ... x i64").
; CHECK-ILL-TYPED: gep-index-type
@a = global [2 x i64] [i64 1, i64 2]
define i64 @main() {
  %p = alloca i64
  %q = getelementptr [2 x i64], [2 x i64]* @a, i32 0, i64 %p
  ret i64 0
}
