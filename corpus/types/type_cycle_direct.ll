; A recursive named type whose recursive occurrence is not under a *: {i64, %t} would be infinitely large.
; CHECK-ILL-TYPED: type-cycle
%t = type {i64, %t}
define i64 @main() {
  ret i64 0
}
