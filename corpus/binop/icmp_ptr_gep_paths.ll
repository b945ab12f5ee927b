; Two different GEP routes to the same array element compare equal; neighbouring elements do not.
; %d = &arr[2] directly (path [0,2]); %e2 = (&arr[1]) moved by sibling index 1 = path [0,2]; t0 = 1.
; t1 %e1 ne %d = 1 (paths [0,1] vs [0,2], offsets 8 vs 16). t2 bitcast of %d to i1* eq bitcast of %e2 = 1 (bitcast keeps the value).
; Mask 1 + 2 + 4 = 7.
; CHECK-RESULT: 7
@arr = global [3 x i64] [i64 10, i64 20, i64 30]
define i64 @main() {
  %acc = alloca i64
  store i64 0, i64* %acc
  %d = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 2
  %e1 = getelementptr [3 x i64], [3 x i64]* @arr, i32 0, i32 1
  %e2 = getelementptr i64, i64* %e1, i32 1
  %bd = bitcast i64* %d to i1*
  %be = bitcast i64* %e2 to i1*
  %c0 = icmp eq i64* %d, %e2
  br i1 %c0, label %yes0, label %next0
yes0:
  %a0 = load i64, i64* %acc
  %b0 = add i64 %a0, 1
  store i64 %b0, i64* %acc
  br label %next0
next0:
  %c1 = icmp ne i64* %e1, %d
  br i1 %c1, label %yes1, label %next1
yes1:
  %a1 = load i64, i64* %acc
  %b1 = add i64 %a1, 2
  store i64 %b1, i64* %acc
  br label %next1
next1:
  %c2 = icmp eq i1* %bd, %be
  br i1 %c2, label %yes2, label %next2
yes2:
  %a2 = load i64, i64* %acc
  %b2 = add i64 %a2, 4
  store i64 %b2, i64* %acc
  br label %next2
next2:
  %r = load i64, i64* %acc
  ret i64 %r
}
