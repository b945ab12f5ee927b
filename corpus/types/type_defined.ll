; A named type used but never defined: named types are replaced by their definitions, so %nosuch means nothing.
; CHECK-ILL-TYPED: type-defined
define i64 @main() {
  %p = alloca %nosuch
  ret i64 0
}
