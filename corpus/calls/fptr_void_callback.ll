; Calls through a pointer to a void function: each call adds its argument to a
; global; 1 + 2 + 3 + 4 = 10 through the pointer, then one direct call with 5: 15.
; CHECK-RESULT: 15
@total = global i64 0

define void @add_total(i64 %x) {
  %t = load i64, i64* @total
  %n = add i64 %t, %x
  store i64 %n, i64* @total
  ret void
}

define void @each_up_to(i64 %n, void (i64)* %f) {
  %i = alloca i64
  store i64 1, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp sle i64 %iv, %n
  br i1 %more, label %body, label %done
body:
  call void %f(i64 %iv)
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  ret void
}

define i64 @main() {
  call void @each_up_to(i64 4, void (i64)* @add_total)
  call void @add_total(i64 5)
  %t = load i64, i64* @total
  ret i64 %t
}
