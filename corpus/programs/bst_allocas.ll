; A binary search tree whose nodes are struct allocas in main's frame, inserted
; recursively through a pointer to the slot (%tree**): keys
; 8 3 10 1 6 14 4 7 13. In-order sum 66; height 4 (8-3-6-4 and 8-10-14-13).
; The smallest and largest keys are found by walking left and right: 1 and 14.
; Result sum * 10 + height = 664 (exit status 152); min and max printed.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-STDOUT: 1
; CHECK-STDOUT: 14
; CHECK-RESULT: 664
%tree = type { i64, %tree*, %tree* }

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define void @insert(%tree** %slot, %tree* %fresh) {
  %t = load %tree*, %tree** %slot
  %empty = icmp eq %tree* %t, null
  br i1 %empty, label %place, label %descend
place:
  store %tree* %fresh, %tree** %slot
  ret void
descend:
  %fk = getelementptr %tree, %tree* %fresh, i32 0, i32 0
  %key = load i64, i64* %fk
  %tk = getelementptr %tree, %tree* %t, i32 0, i32 0
  %k = load i64, i64* %tk
  %less = icmp slt i64 %key, %k
  br i1 %less, label %left, label %right
left:
  %lp = getelementptr %tree, %tree* %t, i32 0, i32 1
  call void @insert(%tree** %lp, %tree* %fresh)
  ret void
right:
  %rp = getelementptr %tree, %tree* %t, i32 0, i32 2
  call void @insert(%tree** %rp, %tree* %fresh)
  ret void
}

define void @make(%tree* %n, i64 %key, %tree** %root) {
  %kp = getelementptr %tree, %tree* %n, i32 0, i32 0
  store i64 %key, i64* %kp
  %lp = getelementptr %tree, %tree* %n, i32 0, i32 1
  store %tree* null, %tree** %lp
  %rp = getelementptr %tree, %tree* %n, i32 0, i32 2
  store %tree* null, %tree** %rp
  call void @insert(%tree** %root, %tree* %n)
  ret void
}

define i64 @sum(%tree* %t) {
  %empty = icmp eq %tree* %t, null
  br i1 %empty, label %zero, label %node
zero:
  ret i64 0
node:
  %kp = getelementptr %tree, %tree* %t, i32 0, i32 0
  %k = load i64, i64* %kp
  %lp = getelementptr %tree, %tree* %t, i32 0, i32 1
  %l = load %tree*, %tree** %lp
  %rp = getelementptr %tree, %tree* %t, i32 0, i32 2
  %r = load %tree*, %tree** %rp
  %sl = call i64 @sum(%tree* %l)
  %sr = call i64 @sum(%tree* %r)
  %s1 = add i64 %k, %sl
  %s2 = add i64 %s1, %sr
  ret i64 %s2
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
  %lbig = icmp sge i64 %hl, %hr
  br i1 %lbig, label %useleft, label %useright
useleft:
  %a = add i64 %hl, 1
  ret i64 %a
useright:
  %b = add i64 %hr, 1
  ret i64 %b
}

; Follows field %dir (1 = left, 2 = right) to the end; returns the last key.
define i64 @extreme(%tree* %t, i64 %dir) {
  %cur = alloca %tree*
  store %tree* %t, %tree** %cur
  br label %walk
walk:
  %c = load %tree*, %tree** %cur
  %isleft = icmp eq i64 %dir, 1
  br i1 %isleft, label %l, label %r
l:
  %lp = getelementptr %tree, %tree* %c, i32 0, i32 1
  br label %follow
r:
  %rp = getelementptr %tree, %tree* %c, i32 0, i32 2
  br label %follow_r
follow:
  %ln = load %tree*, %tree** %lp
  %lend = icmp eq %tree* %ln, null
  br i1 %lend, label %found, label %stepl
stepl:
  store %tree* %ln, %tree** %cur
  br label %walk
follow_r:
  %rn = load %tree*, %tree** %rp
  %rend = icmp eq %tree* %rn, null
  br i1 %rend, label %found, label %stepr
stepr:
  store %tree* %rn, %tree** %cur
  br label %walk
found:
  %f = load %tree*, %tree** %cur
  %kp = getelementptr %tree, %tree* %f, i32 0, i32 0
  %k = load i64, i64* %kp
  ret i64 %k
}

define i64 @main() {
  %root = alloca %tree*
  store %tree* null, %tree** %root
  %a = alloca %tree
  %b = alloca %tree
  %c = alloca %tree
  %d = alloca %tree
  %e = alloca %tree
  %f = alloca %tree
  %g = alloca %tree
  %h = alloca %tree
  %i = alloca %tree
  call void @make(%tree* %a, i64 8, %tree** %root)
  call void @make(%tree* %b, i64 3, %tree** %root)
  call void @make(%tree* %c, i64 10, %tree** %root)
  call void @make(%tree* %d, i64 1, %tree** %root)
  call void @make(%tree* %e, i64 6, %tree** %root)
  call void @make(%tree* %f, i64 14, %tree** %root)
  call void @make(%tree* %g, i64 4, %tree** %root)
  call void @make(%tree* %h, i64 7, %tree** %root)
  call void @make(%tree* %i, i64 13, %tree** %root)
  %t = load %tree*, %tree** %root
  %min = call i64 @extreme(%tree* %t, i64 1)
  %max = call i64 @extreme(%tree* %t, i64 2)
  %smin = call i8* @ll_ltoa(i64 %min)
  call void @ll_puts(i8* %smin)
  %smax = call i8* @ll_ltoa(i64 %max)
  call void @ll_puts(i8* %smax)
  %s = call i64 @sum(%tree* %t)
  %ht = call i64 @height(%tree* %t)
  %s10 = mul i64 %s, 10
  %r = add i64 %s10, %ht
  ret i64 %r
}
