; xor: with -1 it is bitwise not (5 ^ -1 = ~5 = -6), then ~5 ^ 40 flips bits 3 and 5.
; ~5 = ...11111010; 40 = 0b101000; xor flips bits 3 and 5 of ~5: bits of ~5 at 3 and 5 are 1, become 0.
; So the result is ~5 - 8 - 32 = -6 - 40 = -46.
; CHECK-RESULT: -46
define i64 @main() {
  %n = xor i64 5, -1
  %x = xor i64 %n, 40
  ret i64 %x
}
