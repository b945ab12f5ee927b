; A global of a named struct type: %pair = type { i64, i64 }; swap its fields
; in place through GEPs at the named type. {3, 8} becomes {8, 3}; result 8 * 10 + 3 = 83.
; CHECK-RESULT: 83
%pair = type { i64, i64 }

@p = global %pair { i64 3, i64 8 }

define void @swap(%pair* %q) {
  %f0 = getelementptr %pair, %pair* %q, i32 0, i32 0
  %f1 = getelementptr %pair, %pair* %q, i32 0, i32 1
  %a = load i64, i64* %f0
  %b = load i64, i64* %f1
  store i64 %b, i64* %f0
  store i64 %a, i64* %f1
  ret void
}

define i64 @main() {
  call void @swap(%pair* @p)
  %f0 = getelementptr %pair, %pair* @p, i32 0, i32 0
  %f1 = getelementptr %pair, %pair* @p, i32 0, i32 1
  %a = load i64, i64* %f0
  %b = load i64, i64* %f1
  %a10 = mul i64 %a, 10
  %r = add i64 %a10, %b
  ret i64 %r
}
