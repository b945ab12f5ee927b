; A named type defined twice: "%IDENT = type T" defines one abbreviation per name.
; CHECK-ILL-TYPED: duplicate-type
%t = type {i64, i64}
%t = type i64
define i64 @main() {
  ret i64 0
}
