; Booleans in structs whose every access is the same in both layouts keeps its value.
; @g : {i1, i64, i1, [2 x {i1, i64}]}. Byte offsets of the fields read:
;   course layout (every scalar 8 bytes): g.0 at 0, g.1 at 8, g.2 at 16, g.3 at 24, g.3[1] at 24 + 16 = 40,
;                  g.3[1].0 at 40, g.3[1].1 at 48.
;   LLVM's layout: g.0 at 0, g.1 aligned to 8 at 8, g.2 at 16, g.3 (aligned to 8) at 24; {i1, i64} is
;                  1 + 7 padding + 8 = 16 bytes, so g.3[1] at 40, g.3[1].0 at 40, g.3[1].1 at 48.
; The prefix view {i1, i64} of @g puts its field 1 at 8 in both layouts (8 = 8 in each): it reads g.1 = 5.
; &g and &g.0 are the same address in both layouts: equal.
; %s : {i1, i1, i1} is three bytes in LLVM's layout (0, 1, 2) and 0, 8, 16 in the course layout; each field is
; reached through its own type, so the layouts never meet. Stored 1, 0, 1 from the last field to the first,
; read back as 1 + 4 = 5 (a back end that wrote an i1 as 8 bytes there would clobber s.1 and s.2).
; Sum: g.1 (5) + g.3[1].1 (11) + view (5) + 100 (g.3[1].0 = 1) + 1000 (g.2 = 0) + 10000 (&g = &g.0) + s (5)
;      = 11126.
; CHECK-RESULT: 11126
@g = global {i1, i64, i1, [2 x {i1, i64}]} {i1 1, i64 5, i1 0, [2 x {i1, i64}] [{i1, i64} {i1 0, i64 7}, {i1, i64} {i1 1, i64 11}]}
define i64 @main() {
  %acc = alloca i64
  %p1 = getelementptr {i1, i64, i1, [2 x {i1, i64}]}, {i1, i64, i1, [2 x {i1, i64}]}* @g, i32 0, i32 1
  %w1 = load i64, i64* %p1
  %p31 = getelementptr {i1, i64, i1, [2 x {i1, i64}]}, {i1, i64, i1, [2 x {i1, i64}]}* @g, i32 0, i32 3, i32 1, i32 1
  %w31 = load i64, i64* %p31
  %v = bitcast {i1, i64, i1, [2 x {i1, i64}]}* @g to {i1, i64}*
  %pv = getelementptr {i1, i64}, {i1, i64}* %v, i32 0, i32 1
  %wv = load i64, i64* %pv
  %a1 = add i64 %w1, %w31
  %a2 = add i64 %a1, %wv
  store i64 %a2, i64* %acc
  %p30 = getelementptr {i1, i64, i1, [2 x {i1, i64}]}, {i1, i64, i1, [2 x {i1, i64}]}* @g, i32 0, i32 3, i32 1, i32 0
  %b30 = load i1, i1* %p30
  br i1 %b30, label %add100, label %next1
add100:
  %x1 = load i64, i64* %acc
  %y1 = add i64 %x1, 100
  store i64 %y1, i64* %acc
  br label %next1
next1:
  %p2 = getelementptr {i1, i64, i1, [2 x {i1, i64}]}, {i1, i64, i1, [2 x {i1, i64}]}* @g, i32 0, i32 2
  %b2 = load i1, i1* %p2
  br i1 %b2, label %next2, label %add1000
add1000:
  %x2 = load i64, i64* %acc
  %y2 = add i64 %x2, 1000
  store i64 %y2, i64* %acc
  br label %next2
next2:
  %whole = bitcast {i1, i64, i1, [2 x {i1, i64}]}* @g to i1*
  %p0 = getelementptr {i1, i64, i1, [2 x {i1, i64}]}, {i1, i64, i1, [2 x {i1, i64}]}* @g, i32 0, i32 0
  %eq = icmp eq i1* %whole, %p0
  br i1 %eq, label %add10000, label %next3
add10000:
  %x3 = load i64, i64* %acc
  %y3 = add i64 %x3, 10000
  store i64 %y3, i64* %acc
  br label %next3
next3:
  %s = alloca {i1, i1, i1}
  %s2 = getelementptr {i1, i1, i1}, {i1, i1, i1}* %s, i32 0, i32 2
  store i1 1, i1* %s2
  %s1 = getelementptr {i1, i1, i1}, {i1, i1, i1}* %s, i32 0, i32 1
  store i1 0, i1* %s1
  %s0 = getelementptr {i1, i1, i1}, {i1, i1, i1}* %s, i32 0, i32 0
  store i1 1, i1* %s0
  %t0 = load i1, i1* %s0
  br i1 %t0, label %add1, label %next4
add1:
  %x4 = load i64, i64* %acc
  %y4 = add i64 %x4, 1
  store i64 %y4, i64* %acc
  br label %next4
next4:
  %t1 = load i1, i1* %s1
  br i1 %t1, label %add2, label %next5
add2:
  %x5 = load i64, i64* %acc
  %y5 = add i64 %x5, 2
  store i64 %y5, i64* %acc
  br label %next5
next5:
  %t2 = load i1, i1* %s2
  br i1 %t2, label %add4, label %done
add4:
  %x6 = load i64, i64* %acc
  %y6 = add i64 %x6, 4
  store i64 %y6, i64* %acc
  br label %done
done:
  %r = load i64, i64* %acc
  ret i64 %r
}
