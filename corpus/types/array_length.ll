; An array literal with fewer elements than its type says: [3 x i64] needs exactly 3 values ("Exactly N values").
; CHECK-ILL-TYPED: array-length
@a = global [3 x i64] [i64 1, i64 2]
define i64 @main() {
  ret i64 0
}
