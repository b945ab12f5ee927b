; A linked list whose nodes are allocas of a struct type in main's frame (they
; stay alive while main calls helpers): 10 -> 20 -> 30 -> 40. A recursive sum
; gives 100; after an in-place reverse (40 30 20 10) the position-weighted
; checksum is 40*1 + 30*2 + 20*3 + 10*4 = 200. Result 200 * 1000 + 100 = 200100
; (exit status 200100 - 781 * 256 = 164). Each node is printed after the reverse.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-STDOUT: 40
; CHECK-STDOUT: 30
; CHECK-STDOUT: 20
; CHECK-STDOUT: 10
; CHECK-RESULT: 200100
%node = type { i64, %node* }

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define void @init(%node* %n, i64 %v, %node* %next) {
  %vp = getelementptr %node, %node* %n, i32 0, i32 0
  store i64 %v, i64* %vp
  %np = getelementptr %node, %node* %n, i32 0, i32 1
  store %node* %next, %node** %np
  ret void
}

define i64 @sum(%node* %n) {
  %end = icmp eq %node* %n, null
  br i1 %end, label %zero, label %more
zero:
  ret i64 0
more:
  %vp = getelementptr %node, %node* %n, i32 0, i32 0
  %v = load i64, i64* %vp
  %np = getelementptr %node, %node* %n, i32 0, i32 1
  %next = load %node*, %node** %np
  %rest = call i64 @sum(%node* %next)
  %r = add i64 %v, %rest
  ret i64 %r
}

; Reverses the list starting at %n, returns the new head (recursive form).
define %node* @reverse(%node* %n, %node* %acc) {
  %end = icmp eq %node* %n, null
  br i1 %end, label %done, label %step
done:
  ret %node* %acc
step:
  %np = getelementptr %node, %node* %n, i32 0, i32 1
  %next = load %node*, %node** %np
  store %node* %acc, %node** %np
  %r = call %node* @reverse(%node* %next, %node* %n)
  ret %node* %r
}

define i64 @print_and_weigh(%node* %n, i64 %pos) {
  %end = icmp eq %node* %n, null
  br i1 %end, label %zero, label %more
zero:
  ret i64 0
more:
  %vp = getelementptr %node, %node* %n, i32 0, i32 0
  %v = load i64, i64* %vp
  %s = call i8* @ll_ltoa(i64 %v)
  call void @ll_puts(i8* %s)
  %np = getelementptr %node, %node* %n, i32 0, i32 1
  %next = load %node*, %node** %np
  %pos1 = add i64 %pos, 1
  %rest = call i64 @print_and_weigh(%node* %next, i64 %pos1)
  %vw = mul i64 %v, %pos
  %r = add i64 %vw, %rest
  ret i64 %r
}

define i64 @main() {
  %n1 = alloca %node
  %n2 = alloca %node
  %n3 = alloca %node
  %n4 = alloca %node
  call void @init(%node* %n4, i64 40, %node* null)
  call void @init(%node* %n3, i64 30, %node* %n4)
  call void @init(%node* %n2, i64 20, %node* %n3)
  call void @init(%node* %n1, i64 10, %node* %n2)
  %s = call i64 @sum(%node* %n1)
  %h = call %node* @reverse(%node* %n1, %node* null)
  %w = call i64 @print_and_weigh(%node* %h, i64 1)
  %w1000 = mul i64 %w, 1000
  %r = add i64 %w1000, %s
  ret i64 %r
}
