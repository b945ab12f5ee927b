; A void function with two `ret void` exits: store only when the argument is positive.
; set(-4) returns early and leaves 100; set(9) stores 9. Result 100 + 9 = 109.
; CHECK-RESULT: 109
define void @set_if_positive(i64 %v, i64* %dst) {
  %pos = icmp sgt i64 %v, 0
  br i1 %pos, label %store, label %skip
skip:
  ret void
store:
  store i64 %v, i64* %dst
  ret void
}

define i64 @main() {
  %a = alloca i64
  %b = alloca i64
  store i64 100, i64* %a
  store i64 100, i64* %b
  call void @set_if_positive(i64 -4, i64* %a)
  call void @set_if_positive(i64 9, i64* %b)
  %x = load i64, i64* %a
  %y = load i64, i64* %b
  %s = add i64 %x, %y
  ret i64 %s
}
