; Global initializer form `{ T1 G1, ..., TN GN }` (type {T1, ..., TN}), with a null pointer field.
; fields: 3, null, 4; field 1 is null so we take the 3 * 10 + 4 = 34 path.
; CHECK-RESULT: 34
@s = global {i64, i64*, i64} {i64 3, i64* null, i64 4}
define i64 @main() {
  %f0 = getelementptr {i64, i64*, i64}, {i64, i64*, i64}* @s, i32 0, i32 0
  %f1 = getelementptr {i64, i64*, i64}, {i64, i64*, i64}* @s, i32 0, i32 1
  %f2 = getelementptr {i64, i64*, i64}, {i64, i64*, i64}* @s, i32 0, i32 2
  %a = load i64, i64* %f0
  %p = load i64*, i64** %f1
  %b = load i64, i64* %f2
  %isnull = icmp eq i64* %p, null
  br i1 %isnull, label %t, label %f
t:
  %a10 = mul i64 %a, 10
  %r = add i64 %a10, %b
  ret i64 %r
f:
  ret i64 0
}
