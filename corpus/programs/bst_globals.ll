; A binary search tree whose nodes come from a global pool: insert
; 50 30 70 20 40 60 80 (iteratively), print the keys in order (recursively),
; look up 60 (found: 1) and 65 (not found: 0), and measure the height (3).
; Result height * 10 + found(60) * 2 + found(65) = 30 + 2 + 0 = 32.
; CHECK-STDOUT: 20
; CHECK-STDOUT: 30
; CHECK-STDOUT: 40
; CHECK-STDOUT: 50
; CHECK-STDOUT: 60
; CHECK-STDOUT: 70
; CHECK-STDOUT: 80
; CHECK-RESULT: 32
%tree = type { i64, %tree*, %tree* }

@pool = global [7 x %tree] [%tree { i64 0, %tree* null, %tree* null }, %tree { i64 0, %tree* null, %tree* null }, %tree { i64 0, %tree* null, %tree* null }, %tree { i64 0, %tree* null, %tree* null }, %tree { i64 0, %tree* null, %tree* null }, %tree { i64 0, %tree* null, %tree* null }, %tree { i64 0, %tree* null, %tree* null }]
@used = global i64 0
@root = global %tree* null

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define %tree* @fresh(i64 %key) {
  %u = load i64, i64* @used
  %n = getelementptr [7 x %tree], [7 x %tree]* @pool, i64 0, i64 %u
  %u1 = add i64 %u, 1
  store i64 %u1, i64* @used
  %kp = getelementptr %tree, %tree* %n, i32 0, i32 0
  store i64 %key, i64* %kp
  ret %tree* %n
}

; Walks down from the root slot to the empty slot where %key belongs.
define void @insert(i64 %key) {
  %slot = alloca %tree**
  store %tree** @root, %tree*** %slot
  br label %walk
walk:
  %s = load %tree**, %tree*** %slot
  %t = load %tree*, %tree** %s
  %empty = icmp eq %tree* %t, null
  br i1 %empty, label %place, label %descend
descend:
  %kp = getelementptr %tree, %tree* %t, i32 0, i32 0
  %k = load i64, i64* %kp
  %less = icmp slt i64 %key, %k
  br i1 %less, label %left, label %right
left:
  %lp = getelementptr %tree, %tree* %t, i32 0, i32 1
  store %tree** %lp, %tree*** %slot
  br label %walk
right:
  %rp = getelementptr %tree, %tree* %t, i32 0, i32 2
  store %tree** %rp, %tree*** %slot
  br label %walk
place:
  %n = call %tree* @fresh(i64 %key)
  store %tree* %n, %tree** %s
  ret void
}

define void @print_in_order(%tree* %t) {
  %empty = icmp eq %tree* %t, null
  br i1 %empty, label %done, label %visit
visit:
  %lp = getelementptr %tree, %tree* %t, i32 0, i32 1
  %l = load %tree*, %tree** %lp
  call void @print_in_order(%tree* %l)
  %kp = getelementptr %tree, %tree* %t, i32 0, i32 0
  %k = load i64, i64* %kp
  %ks = call i8* @ll_ltoa(i64 %k)
  call void @ll_puts(i8* %ks)
  %rp = getelementptr %tree, %tree* %t, i32 0, i32 2
  %r = load %tree*, %tree** %rp
  call void @print_in_order(%tree* %r)
  ret void
done:
  ret void
}

define i64 @lookup(%tree* %t, i64 %key) {
  %empty = icmp eq %tree* %t, null
  br i1 %empty, label %no, label %cmp
no:
  ret i64 0
cmp:
  %kp = getelementptr %tree, %tree* %t, i32 0, i32 0
  %k = load i64, i64* %kp
  %eq = icmp eq i64 %key, %k
  br i1 %eq, label %yes, label %down
yes:
  ret i64 1
down:
  %less = icmp slt i64 %key, %k
  br i1 %less, label %goleft, label %goright
goleft:
  %lp = getelementptr %tree, %tree* %t, i32 0, i32 1
  %l = load %tree*, %tree** %lp
  %rl = call i64 @lookup(%tree* %l, i64 %key)
  ret i64 %rl
goright:
  %rp = getelementptr %tree, %tree* %t, i32 0, i32 2
  %r = load %tree*, %tree** %rp
  %rr = call i64 @lookup(%tree* %r, i64 %key)
  ret i64 %rr
}

define i64 @height(%tree* %t) {
  %empty = icmp eq %tree* %t, null
  br i1 %empty, label %zero, label %node
zero:
  ret i64 0
node:
  %lp = getelementptr %tree, %tree* %t, i32 0, i32 1
  %l = load %tree*, %tree** %lp
  %rp = getelementptr %tree, %tree* %t, i32 0, i32 2
  %r = load %tree*, %tree** %rp
  %hl = call i64 @height(%tree* %l)
  %hr = call i64 @height(%tree* %r)
  %lbig = icmp sgt i64 %hl, %hr
  br i1 %lbig, label %useleft, label %useright
useleft:
  %a = add i64 %hl, 1
  ret i64 %a
useright:
  %b = add i64 %hr, 1
  ret i64 %b
}

define i64 @main() {
  call void @insert(i64 50)
  call void @insert(i64 30)
  call void @insert(i64 70)
  call void @insert(i64 20)
  call void @insert(i64 40)
  call void @insert(i64 60)
  call void @insert(i64 80)
  %root = load %tree*, %tree** @root
  call void @print_in_order(%tree* %root)
  %f60 = call i64 @lookup(%tree* %root, i64 60)
  %f65 = call i64 @lookup(%tree* %root, i64 65)
  %h = call i64 @height(%tree* %root)
  %h10 = mul i64 %h, 10
  %f2 = mul i64 %f60, 2
  %s = add i64 %h10, %f2
  %r = add i64 %s, %f65
  ret i64 %r
}
