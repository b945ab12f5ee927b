; A use not dominated by its definition: %x is defined only on the %a path but used at the join %j
; ("there must never be a path to a use of a local that does not pass through its definition").
; CHECK-ILL-TYPED: dominance
define i64 @main() {
  %c = icmp eq i64 1, 1
  br i1 %c, label %a, label %j
a:
  %x = add i64 1, 2
  br label %j
j:
  ret i64 %x
}
