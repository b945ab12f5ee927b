; A function type used as data (alloca of i64 (i64)): function types appear only under a pointer (F*).
; CHECK-ILL-TYPED: function-position
define i64 @main() {
  %p = alloca i64 (i64)
  ret i64 0
}
