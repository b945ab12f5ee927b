; A null initializer: @p = global i64* null; the loaded pointer equals null.
; CHECK-RESULT: 1
@p = global i64* null

define i64 @main() {
  %v = load i64*, i64** @p
  %isnull = icmp eq i64* %v, null
  br i1 %isnull, label %yes, label %no
yes:
  ret i64 1
no:
  ret i64 0
}
