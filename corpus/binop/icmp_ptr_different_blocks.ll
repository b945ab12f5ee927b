; Pointers into different blocks, neither at the end of its block and neither block of size 0,
; are unequal: @a[0] vs @b (both globals), an alloca vs @a[0], @a[1] (not @a's end: that is byte 16)
; vs @b, and null vs @a[0] (null is no block's address). Each `ne` that holds adds its bit:
; 1 + 2 + 4 + 8 = 15.
; CHECK-RESULT: 15
@a = global [2 x i64] [i64 1, i64 2]
@b = global i64 3
define i64 @bit(i1 %c, i64 %v) {
  br i1 %c, label %yes, label %no
yes:
  ret i64 %v
no:
  ret i64 0
}
define i64 @main() {
  %x = alloca i64
  %a0 = getelementptr [2 x i64], [2 x i64]* @a, i64 0, i64 0
  %a1 = getelementptr [2 x i64], [2 x i64]* @a, i64 0, i64 1
  %c0 = icmp ne i64* %a0, @b
  %c1 = icmp ne i64* %x, %a0
  %c2 = icmp ne i64* %a1, @b
  %c3 = icmp ne i64* null, %a0
  %b0 = call i64 @bit(i1 %c0, i64 1)
  %b1 = call i64 @bit(i1 %c1, i64 2)
  %b2 = call i64 @bit(i1 %c2, i64 4)
  %b3 = call i64 @bit(i1 %c3, i64 8)
  %s0 = add i64 %b0, %b1
  %s1 = add i64 %s0, %b2
  %s2 = add i64 %s1, %b3
  ret i64 %s2
}
