; Global initializer form `null` (type T*): the loaded pointer equals the null constant: 1.
; CHECK-RESULT: 1
@p = global i64* null
define i64 @main() {
  %v = load i64*, i64** @p
  %isnull = icmp eq i64* %v, null
  br i1 %isnull, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
