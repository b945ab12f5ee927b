; Two blocks with one label: "Each label and local definition must be unique".
; CHECK-ILL-TYPED: duplicate-label
define i64 @main() {
  br label %a
a:
  br label %b
b:
  ret i64 1
a:
  ret i64 2
}
