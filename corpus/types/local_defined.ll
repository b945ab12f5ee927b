; A use of a local that no instruction or parameter of the function defines.
; CHECK-ILL-TYPED: local-defined
define i64 @main() {
  %x = add i64 %nosuch, 1
  ret i64 %x
}
