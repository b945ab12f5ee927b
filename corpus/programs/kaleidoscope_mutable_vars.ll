; Mutable variables the way front ends emit them (Kaleidoscope ch. 7): every
; variable and parameter is an entry-block alloca; reads are loads, writes are
; stores, no phi. fibi(x): a = 1, b = 1; for i = 3 .. x: c = a + b, a = b, b = c;
; returns b, so fibi(10) = 55 (b runs 2 3 5 8 13 21 34 55 for i = 3..10).
; pick(cond) = if cond then @G else @H, with X assigned in both branches
; (the chapter's first example): pick(false) = 200, pick(true) = 100.
; Result 55 + 200 - 100 = 155.
; CHECK-RESULT: 155
@G = global i64 100
@H = global i64 200

define i64 @fibi(i64 %x) {
entry:
  %x.addr = alloca i64
  %a = alloca i64
  %b = alloca i64
  %c = alloca i64
  %i = alloca i64
  store i64 %x, i64* %x.addr
  store i64 1, i64* %a
  store i64 1, i64* %b
  store i64 0, i64* %c
  store i64 3, i64* %i
  br label %loop.cond
loop.cond:
  %i.val = load i64, i64* %i
  %x.val = load i64, i64* %x.addr
  %cont = icmp sle i64 %i.val, %x.val
  br i1 %cont, label %loop.body, label %loop.end
loop.body:
  %a.val = load i64, i64* %a
  %b.val = load i64, i64* %b
  %sum = add i64 %a.val, %b.val
  store i64 %sum, i64* %c
  %b.val2 = load i64, i64* %b
  store i64 %b.val2, i64* %a
  %c.val = load i64, i64* %c
  store i64 %c.val, i64* %b
  %i.val2 = load i64, i64* %i
  %i.next = add i64 %i.val2, 1
  store i64 %i.next, i64* %i
  br label %loop.cond
loop.end:
  %result = load i64, i64* %b
  ret i64 %result
}

define i64 @pick(i1 %cond) {
entry:
  %cond.addr = alloca i1
  %X = alloca i64
  store i1 %cond, i1* %cond.addr
  %cv = load i1, i1* %cond.addr
  br i1 %cv, label %cond_true, label %cond_false
cond_true:
  %X.0 = load i64, i64* @G
  store i64 %X.0, i64* %X
  br label %cond_next
cond_false:
  %X.1 = load i64, i64* @H
  store i64 %X.1, i64* %X
  br label %cond_next
cond_next:
  %X.2 = load i64, i64* %X
  ret i64 %X.2
}

define i64 @main() {
entry:
  %f = call i64 @fibi(i64 10)
  %h = call i64 @pick(i1 0)
  %g = call i64 @pick(i1 1)
  %s = add i64 %f, %h
  %r = sub i64 %s, %g
  ret i64 %r
}
