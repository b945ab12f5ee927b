; A branch to a label the function does not define.
; CHECK-ILL-TYPED: label-defined
define i64 @main() {
  br label %nowhere
}
