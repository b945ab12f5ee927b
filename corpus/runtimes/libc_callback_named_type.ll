; CIS341's ll_callback(fun) calls fun(19, 19). The callee's type is written through a named function type
; (%fty = type i64 (i64, i64), used as %fty*), which the spec's grammar allows and LLVM accepts: 19 * 19 = 361.
; CHECK-RUNTIME: ll-libc
; CHECK-RESULT: 361
%fty = type i64 (i64, i64)
declare i64 @ll_callback(%fty*)

define i64 @mul(i64 %a, i64 %b) {
  %r = mul i64 %a, %b
  ret i64 %r
}

define i64 @main() {
  %r = call i64 @ll_callback(%fty* @mul)
  ret i64 %r
}
