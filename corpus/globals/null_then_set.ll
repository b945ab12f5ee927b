; A pointer global that starts null and is set at run time: @p := @x, then
; *@p := 12 writes @x; the comparison with null flips from 1 to 0.
; Result null-before * 100 + null-after * 10 + x = 100 + 0 + 12 = 112.
; CHECK-RESULT: 112
@p = global i64* null
@x = global i64 0

define i64 @main() {
  %p0 = load i64*, i64** @p
  %was = icmp eq i64* %p0, null
  store i64* @x, i64** @p
  %p1 = load i64*, i64** @p
  %now = icmp eq i64* %p1, null
  store i64 12, i64* %p1
  %x = load i64, i64* @x
  br i1 %was, label %w1, label %w0
w1:
  br i1 %now, label %bad, label %good
w0:
  ret i64 0
good:
  %r = add i64 100, %x
  ret i64 %r
bad:
  ret i64 1
}
