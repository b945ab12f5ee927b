; A pointer computed off the end of an alloca'd array (extension) is undef; storing through it is undef-ptr-deref.
; CHECK-UNDEFINED: undef-ptr-deref
define i64 @main() {
  %a = alloca [2 x i64]
  %p = getelementptr [2 x i64], [2 x i64]* %a, i32 0, i32 2
  store i64 1, i64* %p
  ret i64 0
}
