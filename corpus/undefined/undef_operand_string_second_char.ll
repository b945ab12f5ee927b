; An i8* is valid only at a string's first character: GEP [6 x i8] 0, 1 indexes into the string leaf, which is
; not a node, so the GEP is undef; passing it to ll_puts is undef-operand (natively it would print "ello").
; CHECK-UNDEFINED: undef-operand
@s = global [6 x i8] c"hello\00"
declare void @ll_puts(i8*)
define i64 @main() {
  %p = getelementptr [6 x i8], [6 x i8]* @s, i32 0, i32 1
  call void @ll_puts(i8* %p)
  ret i64 0
}
