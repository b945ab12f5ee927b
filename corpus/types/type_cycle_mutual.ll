; A cycle of two named types through an array and a struct, not broken by a *: "each cycle ... must be broken by a *".
; CHECK-ILL-TYPED: type-cycle
%a = type {i64, %b}
%b = type [2 x %a]
define i64 @main() {
  ret i64 0
}
