; A ring buffer of capacity 4 in a global array, indexed by ever-growing head
; and tail counters masked with `and 3`. Operations: enq 1, enq 2, enq 3, deq,
; enq 4, enq 5 (buffer full: 2 3 4 5, slots wrap around), deq, deq, enq 6,
; deq, deq, deq. The values come out in order 1 2 3 4 5 6; the result weighs
; each by its position: 1*1 + 2*2 + 3*3 + 4*4 + 5*5 + 6*6 = 91.
; CHECK-NO-STDOUT
; CHECK-RESULT: 91
@buf = global [4 x i64] [i64 0, i64 0, i64 0, i64 0]
@head = global i64 0
@tail = global i64 0
@taken = global i64 0
@score = global i64 0

define void @enq(i64 %v) {
  %t = load i64, i64* @tail
  %slot = and i64 %t, 3
  %p = getelementptr [4 x i64], [4 x i64]* @buf, i64 0, i64 %slot
  store i64 %v, i64* %p
  %t1 = add i64 %t, 1
  store i64 %t1, i64* @tail
  ret void
}

; Takes the oldest value and adds value * (its position in the output) to @score.
define void @deq() {
  %h = load i64, i64* @head
  %slot = and i64 %h, 3
  %p = getelementptr [4 x i64], [4 x i64]* @buf, i64 0, i64 %slot
  %v = load i64, i64* %p
  %h1 = add i64 %h, 1
  store i64 %h1, i64* @head
  %n = load i64, i64* @taken
  %n1 = add i64 %n, 1
  store i64 %n1, i64* @taken
  %w = mul i64 %v, %n1
  %s = load i64, i64* @score
  %s1 = add i64 %s, %w
  store i64 %s1, i64* @score
  ret void
}

define i64 @main() {
  call void @enq(i64 1)
  call void @enq(i64 2)
  call void @enq(i64 3)
  call void @deq()
  call void @enq(i64 4)
  call void @enq(i64 5)
  call void @deq()
  call void @deq()
  call void @enq(i64 6)
  call void @deq()
  call void @deq()
  call void @deq()
  %r = load i64, i64* @score
  ret i64 %r
}
