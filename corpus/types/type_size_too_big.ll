; [2^61 x i64] has 2^64 bytes, past 2^63 - 1: its size would wrap in native address arithmetic
; (a wrapped size compiles and the native run crashes). The checker rejects the type (rule type-size).
; CHECK-ILL-TYPED: type-size
%big = type [2305843009213693952 x i64]
define i64 @main() {
  %p = alloca i64
  %q = bitcast i64* %p to %big*
  ret i64 0
}
