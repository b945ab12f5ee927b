; A tiny bytecode interpreter: a stack machine whose program is a global array.
; Opcodes: 0 HALT (result = top), 1 PUSH k, 3 SUB (a b -- a-b), 4 MUL,
; 5 DUP, 6 SWAP, 7 OVER (a b -- a b a), 8 JNZ t (pops; jumps if nonzero),
; 9 PRINT (prints top, keeps it), 10 DROP; anything else returns -1.
; The program computes 5! keeping [acc n] on the stack:
;   0: PUSH 1   2: PUSH 5   4: SWAP  5: OVER  6: MUL  7: PRINT  8: SWAP
;   9: PUSH 1  11: SUB     12: DUP  13: JNZ 4  15: DROP  16: HALT
; Each round acc := acc * n, n := n - 1, for n = 5, 4, 3, 2, 1, printing
; acc = 5, 20, 60, 120, 120; then HALT leaves 120.
; CHECK-STDOUT: 5
; CHECK-STDOUT: 20
; CHECK-STDOUT: 60
; CHECK-STDOUT: 120
; CHECK-STDOUT: 120
; CHECK-RESULT: 120
@code = global [17 x i64] [i64 1, i64 1, i64 1, i64 5, i64 6, i64 7, i64 4, i64 9, i64 6, i64 1, i64 1, i64 3, i64 5, i64 8, i64 4, i64 10, i64 0]
@stack = global [16 x i64] [i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0]
@sp = global i64 0

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define void @push(i64 %v) {
  %s = load i64, i64* @sp
  %p = getelementptr [16 x i64], [16 x i64]* @stack, i64 0, i64 %s
  store i64 %v, i64* %p
  %s1 = add i64 %s, 1
  store i64 %s1, i64* @sp
  ret void
}

define i64 @pop() {
  %s = load i64, i64* @sp
  %s1 = sub i64 %s, 1
  store i64 %s1, i64* @sp
  %p = getelementptr [16 x i64], [16 x i64]* @stack, i64 0, i64 %s1
  %v = load i64, i64* %p
  ret i64 %v
}

define i64 @fetch(i64 %pc) {
  %p = getelementptr [17 x i64], [17 x i64]* @code, i64 0, i64 %pc
  %v = load i64, i64* %p
  ret i64 %v
}

define i64 @run() {
  %pc = alloca i64
  store i64 0, i64* %pc
  br label %dispatch
dispatch:
  %at = load i64, i64* %pc
  %op = call i64 @fetch(i64 %at)
  %next = add i64 %at, 1
  store i64 %next, i64* %pc
  %is_halt = icmp eq i64 %op, 0
  br i1 %is_halt, label %halt, label %t1
t1:
  %is_push = icmp eq i64 %op, 1
  br i1 %is_push, label %op_push, label %t3
t3:
  %is_sub = icmp eq i64 %op, 3
  br i1 %is_sub, label %op_sub, label %t4
t4:
  %is_mul = icmp eq i64 %op, 4
  br i1 %is_mul, label %op_mul, label %t5
t5:
  %is_dup = icmp eq i64 %op, 5
  br i1 %is_dup, label %op_dup, label %t6
t6:
  %is_swap = icmp eq i64 %op, 6
  br i1 %is_swap, label %op_swap, label %t7
t7:
  %is_over = icmp eq i64 %op, 7
  br i1 %is_over, label %op_over, label %t8
t8:
  %is_jnz = icmp eq i64 %op, 8
  br i1 %is_jnz, label %op_jnz, label %t9
t9:
  %is_print = icmp eq i64 %op, 9
  br i1 %is_print, label %op_print, label %t10
t10:
  %is_drop = icmp eq i64 %op, 10
  br i1 %is_drop, label %op_drop, label %bad
op_push:
  %k = call i64 @fetch(i64 %next)
  %after = add i64 %next, 1
  store i64 %after, i64* %pc
  call void @push(i64 %k)
  br label %dispatch
op_sub:
  %sb = call i64 @pop()
  %sa = call i64 @pop()
  %sd = sub i64 %sa, %sb
  call void @push(i64 %sd)
  br label %dispatch
op_mul:
  %mb = call i64 @pop()
  %ma = call i64 @pop()
  %mp = mul i64 %ma, %mb
  call void @push(i64 %mp)
  br label %dispatch
op_dup:
  %d = call i64 @pop()
  call void @push(i64 %d)
  call void @push(i64 %d)
  br label %dispatch
op_swap:
  %wb = call i64 @pop()
  %wa = call i64 @pop()
  call void @push(i64 %wb)
  call void @push(i64 %wa)
  br label %dispatch
op_over:
  %ob = call i64 @pop()
  %oa = call i64 @pop()
  call void @push(i64 %oa)
  call void @push(i64 %ob)
  call void @push(i64 %oa)
  br label %dispatch
op_jnz:
  %target = call i64 @fetch(i64 %next)
  %fall = add i64 %next, 1
  %cond = call i64 @pop()
  %nz = icmp ne i64 %cond, 0
  br i1 %nz, label %jump, label %nojump
jump:
  store i64 %target, i64* %pc
  br label %dispatch
nojump:
  store i64 %fall, i64* %pc
  br label %dispatch
op_print:
  %top = call i64 @pop()
  call void @push(i64 %top)
  %ts = call i8* @ll_ltoa(i64 %top)
  call void @ll_puts(i8* %ts)
  br label %dispatch
op_drop:
  %dropped = call i64 @pop()
  br label %dispatch
halt:
  %result = call i64 @pop()
  ret i64 %result
bad:
  ret i64 -1
}

define i64 @main() {
  %r = call i64 @run()
  ret i64 %r
}
