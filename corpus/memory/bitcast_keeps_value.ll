; bitcast keeps the pointer value (and its tag): i64* -> i1* -> {i64}* -> i64* still loads the i64 slot.
; Also the round-tripped pointer compares equal to the original. 77 + 1 = 78.
; CHECK-RESULT: 78
define i64 @main() {
  %p = alloca i64
  store i64 77, i64* %p
  %a = bitcast i64* %p to i1*
  %b = bitcast i1* %a to {i64}*
  %c = bitcast {i64}* %b to i64*
  %v = load i64, i64* %c
  %same = icmp eq i64* %c, %p
  br i1 %same, label %yes, label %no
yes:
  %r = add i64 %v, 1
  ret i64 %r
no:
  ret i64 0
}
