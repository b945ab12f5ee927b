; map and fold over a global array with function-pointer callbacks from a table:
; data [1, 2, 3, 4, 5] mapped by square (1 4 9 16 25), add_one (2 5 10 17 26),
; negate (-2 -5 -10 -17 -26); folded with add from 0: -60; folded with max
; from the first element: -2 (printed). Result -60 (exit status 256 - 60 = 196).
; CHECK-STDOUT: -2
; CHECK-RESULT: -60
@data = global [5 x i64] [i64 1, i64 2, i64 3, i64 4, i64 5]
@passes = global [3 x i64 (i64)*] [i64 (i64)* @square, i64 (i64)* @add_one, i64 (i64)* @negate]

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @square(i64 %x) {
  %r = mul i64 %x, %x
  ret i64 %r
}

define i64 @add_one(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}

define i64 @negate(i64 %x) {
  %r = sub i64 0, %x
  ret i64 %r
}

define i64 @add(i64 %a, i64 %b) {
  %r = add i64 %a, %b
  ret i64 %r
}

define i64 @max(i64 %a, i64 %b) {
  %ge = icmp sge i64 %a, %b
  br i1 %ge, label %left, label %right
left:
  ret i64 %a
right:
  ret i64 %b
}

define void @map(i64 (i64)* %f, [5 x i64]* %arr) {
  %i = alloca i64
  store i64 0, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 5
  br i1 %more, label %body, label %done
body:
  %p = getelementptr [5 x i64], [5 x i64]* %arr, i64 0, i64 %iv
  %v = load i64, i64* %p
  %w = call i64 %f(i64 %v)
  store i64 %w, i64* %p
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %head
done:
  ret void
}

define i64 @fold(i64 (i64, i64)* %f, i64 %init, i64 %from, [5 x i64]* %arr) {
  %acc = alloca i64
  %i = alloca i64
  store i64 %init, i64* %acc
  store i64 %from, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 5
  br i1 %more, label %body, label %done
body:
  %p = getelementptr [5 x i64], [5 x i64]* %arr, i64 0, i64 %iv
  %v = load i64, i64* %p
  %a = load i64, i64* %acc
  %a2 = call i64 %f(i64 %a, i64 %v)
  store i64 %a2, i64* %acc
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}

define i64 @main() {
  %k = alloca i64
  store i64 0, i64* %k
  br label %passes
passes:
  %kv = load i64, i64* %k
  %more = icmp slt i64 %kv, 3
  br i1 %more, label %apply, label %folds
apply:
  %fp = getelementptr [3 x i64 (i64)*], [3 x i64 (i64)*]* @passes, i64 0, i64 %kv
  %f = load i64 (i64)*, i64 (i64)** %fp
  call void @map(i64 (i64)* %f, [5 x i64]* @data)
  %k1 = add i64 %kv, 1
  store i64 %k1, i64* %k
  br label %passes
folds:
  %sum = call i64 @fold(i64 (i64, i64)* @add, i64 0, i64 0, [5 x i64]* @data)
  %firstp = getelementptr [5 x i64], [5 x i64]* @data, i64 0, i64 0
  %first = load i64, i64* %firstp
  %mx = call i64 @fold(i64 (i64, i64)* @max, i64 %first, i64 1, [5 x i64]* @data)
  %ms = call i8* @ll_ltoa(i64 %mx)
  call void @ll_puts(i8* %ms)
  ret i64 %sum
}
