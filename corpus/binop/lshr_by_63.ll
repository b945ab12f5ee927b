; lshr by 63 keeps only the top bit: -1 lshr 63 = 1, i64::MIN lshr 63 = 1, i64::MAX lshr 63 = 0.
; 1 + 1 + 0 = 2; -1 lshr 60 = 15 (the top four bits); 2 + 15 = 17.
; CHECK-RESULT: 17
define i64 @main() {
  %a = lshr i64 -1, 63
  %b = lshr i64 -9223372036854775808, 63
  %c = lshr i64 9223372036854775807, 63
  %d = lshr i64 -1, 60
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  ret i64 %s3
}
