; getelementptr whose base operand has another type than annotated: @g is i64*, not [2 x i64]*.
; CHECK-ILL-TYPED: gep-type
@g = global i64 1
define i64 @main() {
  %q = getelementptr [2 x i64], [2 x i64]* @g, i32 0, i32 1
  ret i64 0
}
