; A call whose result type is a struct: locals hold simple values only ("Unlike full LLVM, LLVM lite does not
; allow locals to hold structured data"). (The call's type also disagrees with @f's: call-type is reported too.)
; CHECK-ILL-TYPED: local-simple
define i64 @f() {
  ret i64 1
}
define i64 @main() {
  %x = call {i64, i64} @f()
  ret i64 0
}
