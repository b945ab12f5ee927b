; Accepted: definitions "may be interleaved, and need not be declared in order": a function uses %pair before
; the type and the global are defined. p.0 + p.1 = 4 + 5 = 9. (LLVM's parser wants a type defined before a sized
; use, so lli rejects this file; LLVMlite does not care about order.)
; CHECK-RESULT: 9
define i64 @main() {
  %a = getelementptr %pair, %pair* @p, i32 0, i32 0
  %b = getelementptr %pair, %pair* @p, i32 0, i32 1
  %va = load i64, i64* %a
  %vb = load i64, i64* %b
  %r = add i64 %va, %vb
  ret i64 %r
}
%pair = type {i64, i64}
@p = global %pair {i64 4, i64 5}
