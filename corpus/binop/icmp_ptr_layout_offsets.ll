; Pointer equality by layout offset through nesting: in @n = {{i64, i64}, i64}, the outer struct (path [0]),
; the inner struct ([0,0]) and the inner first field ([0,0,0]) all sit at offset 0: equal (t0, t1 = 1).
; In @arr = [2 x {i64, i64}], &arr[1] ([0,1], offset 16) equals &arr[1].0 ([0,1,0], offset 16): t2 = 1;
; &arr[0].1 ([0,0,1], offset 8) differs from &arr[1].0: t3 = 0. Mask 1 + 2 + 4 = 7.
; CHECK-DIVERGES-FROM-REFERENCE: pointer equality: the reference compares raw paths, so t0, t1 and t2 are 0 there
; CHECK-RESULT: 7
@n = global {{i64, i64}, i64} {{i64, i64} {i64 1, i64 2}, i64 3}
@arr = global [2 x {i64, i64}] [{i64, i64} {i64 1, i64 2}, {i64, i64} {i64 3, i64 4}]
define i64 @main() {
  %acc = alloca i64
  store i64 0, i64* %acc
  %outer = bitcast {{i64, i64}, i64}* @n to i64*
  %inner = getelementptr {{i64, i64}, i64}, {{i64, i64}, i64}* @n, i32 0, i32 0
  %innerc = bitcast {i64, i64}* %inner to i64*
  %first = getelementptr {{i64, i64}, i64}, {{i64, i64}, i64}* @n, i32 0, i32 0, i32 0
  %e1 = getelementptr [2 x {i64, i64}], [2 x {i64, i64}]* @arr, i32 0, i32 1
  %e1c = bitcast {i64, i64}* %e1 to i64*
  %e1f0 = getelementptr [2 x {i64, i64}], [2 x {i64, i64}]* @arr, i32 0, i32 1, i32 0
  %e0f1 = getelementptr [2 x {i64, i64}], [2 x {i64, i64}]* @arr, i32 0, i32 0, i32 1
  %c0 = icmp eq i64* %outer, %first
  br i1 %c0, label %yes0, label %next0
yes0:
  %x0 = load i64, i64* %acc
  %y0 = add i64 %x0, 1
  store i64 %y0, i64* %acc
  br label %next0
next0:
  %c1 = icmp eq i64* %innerc, %first
  br i1 %c1, label %yes1, label %next1
yes1:
  %x1 = load i64, i64* %acc
  %y1 = add i64 %x1, 2
  store i64 %y1, i64* %acc
  br label %next1
next1:
  %c2 = icmp eq i64* %e1c, %e1f0
  br i1 %c2, label %yes2, label %next2
yes2:
  %x2 = load i64, i64* %acc
  %y2 = add i64 %x2, 4
  store i64 %y2, i64* %acc
  br label %next2
next2:
  %c3 = icmp eq i64* %e0f1, %e1f0
  br i1 %c3, label %yes3, label %next3
yes3:
  %x3 = load i64, i64* %acc
  %y3 = add i64 %x3, 8
  store i64 %y3, i64* %acc
  br label %next3
next3:
  %r = load i64, i64* %acc
  ret i64 %r
}
