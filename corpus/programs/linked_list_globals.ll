; A linked list whose nodes live in a global pool: push 1..5 at the head
; (list 5 4 3 2 1), take a position-weighted checksum, reverse in place
; (1 2 3 4 5), checksum again.
; Before: 5*1 + 4*2 + 3*3 + 2*4 + 1*5 = 35. After: 1*1 + 2*2 + 3*3 + 4*4 + 5*5 = 55.
; Result 55 * 100 + 35 = 5535 (exit status 5535 - 21 * 256 = 159).
; CHECK-RESULT: 5535
%node = type { i64, %node* }

@pool = global [5 x %node] [%node { i64 0, %node* null }, %node { i64 0, %node* null }, %node { i64 0, %node* null }, %node { i64 0, %node* null }, %node { i64 0, %node* null }]
@head = global %node* null

define void @push(i64 %slot, i64 %v) {
  %n = getelementptr [5 x %node], [5 x %node]* @pool, i64 0, i64 %slot
  %vp = getelementptr %node, %node* %n, i32 0, i32 0
  store i64 %v, i64* %vp
  %np = getelementptr %node, %node* %n, i32 0, i32 1
  %h = load %node*, %node** @head
  store %node* %h, %node** %np
  store %node* %n, %node** @head
  ret void
}

define void @reverse() {
  %prev = alloca %node*
  %cur = alloca %node*
  store %node* null, %node** %prev
  %h = load %node*, %node** @head
  store %node* %h, %node** %cur
  br label %head
head:
  %c = load %node*, %node** %cur
  %end = icmp eq %node* %c, null
  br i1 %end, label %done, label %body
body:
  %np = getelementptr %node, %node* %c, i32 0, i32 1
  %next = load %node*, %node** %np
  %p = load %node*, %node** %prev
  store %node* %p, %node** %np
  store %node* %c, %node** %prev
  store %node* %next, %node** %cur
  br label %head
done:
  %newhead = load %node*, %node** %prev
  store %node* %newhead, %node** @head
  ret void
}

define i64 @weighted() {
  %cur = alloca %node*
  %pos = alloca i64
  %acc = alloca i64
  %h = load %node*, %node** @head
  store %node* %h, %node** %cur
  store i64 1, i64* %pos
  store i64 0, i64* %acc
  br label %head
head:
  %c = load %node*, %node** %cur
  %end = icmp eq %node* %c, null
  br i1 %end, label %done, label %body
body:
  %vp = getelementptr %node, %node* %c, i32 0, i32 0
  %v = load i64, i64* %vp
  %p = load i64, i64* %pos
  %vw = mul i64 %v, %p
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %vw
  store i64 %a2, i64* %acc
  %p2 = add i64 %p, 1
  store i64 %p2, i64* %pos
  %np = getelementptr %node, %node* %c, i32 0, i32 1
  %next = load %node*, %node** %np
  store %node* %next, %node** %cur
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}

define i64 @main() {
  call void @push(i64 0, i64 1)
  call void @push(i64 1, i64 2)
  call void @push(i64 2, i64 3)
  call void @push(i64 3, i64 4)
  call void @push(i64 4, i64 5)
  %before = call i64 @weighted()
  call void @reverse()
  %after = call i64 @weighted()
  %a100 = mul i64 %after, 100
  %r = add i64 %a100, %before
  ret i64 %r
}
