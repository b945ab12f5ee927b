; shl, lshr and ashr by 0 leave the value unchanged (0 is inside 0..=63).
; -77 << 0 = -77; -77 lshr 0 = -77; -77 ashr 0 = -77.
; CHECK-RESULT: -77
define i64 @main() {
  %a = shl i64 -77, 0
  %b = lshr i64 %a, 0
  %c = ashr i64 %b, 0
  ret i64 %c
}
