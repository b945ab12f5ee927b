; Accepted: GEP indices may be written i64 (the spec's table) or i32 (LLVM); struct indices are constants either way.
; (LLVM itself insists on i32 struct indices, so lli rejects this file; LLVMlite reads both.)
; s.1 via i64 constants = 8; s.0 via i32 = 2; 8 * 2 = 16.
; CHECK-RESULT: 16
@s = global {i64, i64} {i64 2, i64 8}
define i64 @main() {
  %a = getelementptr {i64, i64}, {i64, i64}* @s, i64 0, i64 1
  %b = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i32 0
  %va = load i64, i64* %a
  %vb = load i64, i64* %b
  %r = mul i64 %va, %vb
  ret i64 %r
}
