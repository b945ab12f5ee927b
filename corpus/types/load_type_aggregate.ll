; load of a struct: the loaded type S must be simple (a local cannot hold a struct).
; CHECK-ILL-TYPED: load-type
@s = global {i64, i64} {i64 1, i64 2}
define i64 @main() {
  %x = load {i64, i64}, {i64, i64}* @s
  ret i64 0
}
