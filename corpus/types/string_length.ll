; A string literal whose length disagrees with its array type: c"hello\00" is 6 bytes, not 3.
; CHECK-ILL-TYPED: string-length
@s = global [3 x i8] c"hello\00"
define i64 @main() {
  ret i64 0
}
