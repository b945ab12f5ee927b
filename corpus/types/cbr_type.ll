; A conditional branch on an i64 local: "br i1 OP" needs an i1 operand.
; CHECK-ILL-TYPED: cbr-type
define i64 @main() {
  %x = add i64 1, 0
  br i1 %x, label %a, label %b
a:
  ret i64 1
b:
  ret i64 0
}
