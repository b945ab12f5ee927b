; A non-pointer bitcast must be the identity: bitcast i64 to i1 changes the type (no truncation in LLVMlite).
; CHECK-ILL-TYPED: bitcast-type
define i64 @main() {
  %b = bitcast i64 1 to i1
  ret i64 0
}
