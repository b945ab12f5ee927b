; add wraps at the top of i64 (docs/semantics.md: add/sub/mul wrap): i64::MAX + 1.
; 9223372036854775807 + 1 = 2^63, which as a signed i64 is -2^63 = i64::MIN.
; CHECK-RESULT: -9223372036854775808
define i64 @main() {
  %max = add i64 9223372036854775806, 1
  %x = add i64 %max, 1
  ret i64 %x
}
