; Two allocas of the empty struct {} have size 0: natively they may share an address, so
; `icmp ne` on them is the compiler's choice: ambiguous-pointer-eq.
; CHECK-UNDEFINED: ambiguous-pointer-eq
define i64 @main() {
  %x = alloca {}
  %y = alloca {}
  %c = icmp ne {}* %x, %y
  br i1 %c, label %differ, label %same
differ:
  ret i64 1
same:
  ret i64 0
}
