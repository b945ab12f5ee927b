; The same nested-compatible annotation is fine where the layouts agree: field 0 of {i64, i64} over
; {{i64, i64}, i64} is path [0,0], the inner struct node at offset 0 = native offset 0; bitcast it to {i64,i64}*
; and GEP field 1: now the annotation matches the inner struct exactly: inner.1 = 2.
; CHECK-RESULT: 2
@n = global {{i64, i64}, i64} {{i64, i64} {i64 1, i64 2}, i64 3}
define i64 @main() {
  %in = getelementptr {{i64, i64}, i64}, {{i64, i64}, i64}* @n, i32 0, i32 0
  %q = getelementptr {i64, i64}, {i64, i64}* %in, i32 0, i32 1
  %v = load i64, i64* %q
  ret i64 %v
}
