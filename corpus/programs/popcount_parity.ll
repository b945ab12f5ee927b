; Bit counting with shifts, masks and xor: popcount(255) = 8, popcount(-1) = 64
; (lshr brings zeros in, so the loop ends), popcount(0x5555 = 21845) = 8,
; popcount(0) = 0; parity by xor-folding: parity(7) = 1, parity(6) = 0.
; Result 8 + 64 + 8 + 0 + 100 * 1 + 1000 * 0 = 180.
; CHECK-RESULT: 180
define i64 @popcount(i64 %x) {
  %v = alloca i64
  %n = alloca i64
  store i64 %x, i64* %v
  store i64 0, i64* %n
  br label %head
head:
  %cur = load i64, i64* %v
  %done = icmp eq i64 %cur, 0
  br i1 %done, label %exit, label %body
body:
  %bit = and i64 %cur, 1
  %c = load i64, i64* %n
  %c1 = add i64 %c, %bit
  store i64 %c1, i64* %n
  %next = lshr i64 %cur, 1
  store i64 %next, i64* %v
  br label %head
exit:
  %r = load i64, i64* %n
  ret i64 %r
}

define i64 @parity(i64 %x) {
  %s32 = lshr i64 %x, 32
  %x1 = xor i64 %x, %s32
  %s16 = lshr i64 %x1, 16
  %x2 = xor i64 %x1, %s16
  %s8 = lshr i64 %x2, 8
  %x3 = xor i64 %x2, %s8
  %s4 = lshr i64 %x3, 4
  %x4 = xor i64 %x3, %s4
  %s2 = lshr i64 %x4, 2
  %x5 = xor i64 %x4, %s2
  %s1 = lshr i64 %x5, 1
  %x6 = xor i64 %x5, %s1
  %p = and i64 %x6, 1
  ret i64 %p
}

define i64 @main() {
  %a = call i64 @popcount(i64 255)
  %b = call i64 @popcount(i64 -1)
  %c = call i64 @popcount(i64 21845)
  %d = call i64 @popcount(i64 0)
  %e = call i64 @parity(i64 7)
  %f = call i64 @parity(i64 6)
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  %e100 = mul i64 %e, 100
  %f1000 = mul i64 %f, 1000
  %s4 = add i64 %s3, %e100
  %s5 = add i64 %s4, %f1000
  ret i64 %s5
}
