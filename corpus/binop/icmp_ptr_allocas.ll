; icmp on stack pointers: two allocas are different blocks/paths (t0 = 0); an alloca and its bitcast round trip
; are equal (t1 = 1); an alloca and null differ (t2 ne = 1). Mask 2 + 4 = 6.
; CHECK-RESULT: 6
define i64 @main() {
  %acc = alloca i64
  store i64 0, i64* %acc
  %a = alloca i64
  %b = alloca i64
  %a8 = bitcast i64* %a to i8*
  %a2 = bitcast i8* %a8 to i64*
  %c0 = icmp eq i64* %a, %b
  br i1 %c0, label %yes0, label %next0
yes0:
  %x0 = load i64, i64* %acc
  %y0 = add i64 %x0, 1
  store i64 %y0, i64* %acc
  br label %next0
next0:
  %c1 = icmp eq i64* %a, %a2
  br i1 %c1, label %yes1, label %next1
yes1:
  %x1 = load i64, i64* %acc
  %y1 = add i64 %x1, 2
  store i64 %y1, i64* %acc
  br label %next1
next1:
  %c2 = icmp ne i64* %a, null
  br i1 %c2, label %yes2, label %next2
yes2:
  %x2 = load i64, i64* %acc
  %y2 = add i64 %x2, 4
  store i64 %y2, i64* %acc
  br label %next2
next2:
  %r = load i64, i64* %acc
  ret i64 %r
}
