; A negative integer initializer (the oracle reads the full i64 range): -5 + 10 = 5,
; and the most negative i64 survives: min + min wraps to 0, so the result is 5 + 0.
; CHECK-DIVERGES-FROM-REFERENCE: integer literals: the reference's parser fails on magnitudes of 2^62 and more
; CHECK-RESULT: 5
@x = global i64 -5
@min = global i64 -9223372036854775808

define i64 @main() {
  %v = load i64, i64* @x
  %r = add i64 %v, 10
  %m = load i64, i64* @min
  %w = add i64 %m, %m
  %s = add i64 %r, %w
  ret i64 %s
}
