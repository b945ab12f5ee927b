; bitcast of an i64 value to a pointer: "bitcast T1* OP to T2*" converts pointers only (no int-to-pointer).
; CHECK-ILL-TYPED: bitcast-type
define i64 @main() {
  %x = add i64 1, 2
  %p = bitcast i64 %x to i64*
  ret i64 0
}
