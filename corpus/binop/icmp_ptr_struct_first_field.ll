; Pointer equality is by layout offset: a struct and its first field share an address natively.
; %f = &s.0 (path [0,0], offset 0), %sc = @s bitcast (path [0], offset 0): same block, same offset -> t0 = 1.
; %g = &s.1 (offset 8) -> t1 %f eq %g = 0. Mask 1.
; CHECK-DIVERGES-FROM-REFERENCE: pointer equality: the reference compares raw paths ([0] vs [0,0]) and says they differ
; CHECK-RESULT: 1
@s = global {i64, i64} {i64 3, i64 4}
define i64 @main() {
  %acc = alloca i64
  store i64 0, i64* %acc
  %f = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i32 0
  %g = getelementptr {i64, i64}, {i64, i64}* @s, i32 0, i32 1
  %sc = bitcast {i64, i64}* @s to i64*
  %c0 = icmp eq i64* %f, %sc
  br i1 %c0, label %yes0, label %next0
yes0:
  %a0 = load i64, i64* %acc
  %b0 = add i64 %a0, 1
  store i64 %b0, i64* %acc
  br label %next0
next0:
  %c1 = icmp eq i64* %f, %g
  br i1 %c1, label %yes1, label %next1
yes1:
  %a1 = load i64, i64* %acc
  %b1 = add i64 %a1, 2
  store i64 %b1, i64* %acc
  br label %next1
next1:
  %r = load i64, i64* %acc
  ret i64 %r
}
