; Exponentiation by squaring (recursive; e >> 1 and e & 1 instead of division):
; 3^13 = 1594323, 2^62 = 4611686018427387904, 7^0 = 1, (-2)^5 = -32, and
; 3^40 = 12157665459056928801 wraps (mod 2^64, signed) to
; 12157665459056928801 - 18446744073709551616 = -6289078614652622815.
; In pow(2, 62) the last squaring wraps 2^32 * 2^32 to 0 but is raised to the 0th power.
; Result 3^5 = 243.
; CHECK-STDOUT: 1594323
; CHECK-STDOUT: 4611686018427387904
; CHECK-STDOUT: 1
; CHECK-STDOUT: -32
; CHECK-STDOUT: -6289078614652622815
; CHECK-RESULT: 243
declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @pow(i64 %b, i64 %e) {
  %zero = icmp eq i64 %e, 0
  br i1 %zero, label %one, label %rec
one:
  ret i64 1
rec:
  %bb = mul i64 %b, %b
  %half = lshr i64 %e, 1
  %sub = call i64 @pow(i64 %bb, i64 %half)
  %bit = and i64 %e, 1
  %odd = icmp ne i64 %bit, 0
  br i1 %odd, label %times_b, label %plain
times_b:
  %r = mul i64 %b, %sub
  ret i64 %r
plain:
  ret i64 %sub
}

define void @show(i64 %b, i64 %e) {
  %v = call i64 @pow(i64 %b, i64 %e)
  %s = call i8* @ll_ltoa(i64 %v)
  call void @ll_puts(i8* %s)
  ret void
}

define i64 @main() {
  call void @show(i64 3, i64 13)
  call void @show(i64 2, i64 62)
  call void @show(i64 7, i64 0)
  call void @show(i64 -2, i64 5)
  call void @show(i64 3, i64 40)
  %r = call i64 @pow(i64 3, i64 5)
  ret i64 %r
}
