; Binary search over a sorted global array of the odd numbers 1, 3, ..., 31
; (16 elements, a[i] = 2i + 1); the midpoint uses lshr. Found keys give their
; index: 23 -> 11, 1 -> 0, 31 -> 15; a missing key gives -1: 4 -> -1.
; Result 11 * 10 + 1 (for "4 is missing") = 111.
; CHECK-STDOUT: 11
; CHECK-STDOUT: -1
; CHECK-STDOUT: 0
; CHECK-STDOUT: 15
; CHECK-RESULT: 111
@a = global [16 x i64] [i64 1, i64 3, i64 5, i64 7, i64 9, i64 11, i64 13, i64 15, i64 17, i64 19, i64 21, i64 23, i64 25, i64 27, i64 29, i64 31]

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

; Searches a[lo .. hi-1].
define i64 @search(i64 %key) {
  %lo = alloca i64
  %hi = alloca i64
  store i64 0, i64* %lo
  store i64 16, i64* %hi
  br label %head
head:
  %l = load i64, i64* %lo
  %h = load i64, i64* %hi
  %nonempty = icmp slt i64 %l, %h
  br i1 %nonempty, label %probe, label %missing
probe:
  %sum = add i64 %l, %h
  %mid = lshr i64 %sum, 1
  %p = getelementptr [16 x i64], [16 x i64]* @a, i64 0, i64 %mid
  %v = load i64, i64* %p
  %eq = icmp eq i64 %v, %key
  br i1 %eq, label %found, label %narrow
narrow:
  %less = icmp slt i64 %v, %key
  br i1 %less, label %right, label %left
right:
  %m1 = add i64 %mid, 1
  store i64 %m1, i64* %lo
  br label %head
left:
  store i64 %mid, i64* %hi
  br label %head
found:
  ret i64 %mid
missing:
  ret i64 -1
}

define i64 @show(i64 %key) {
  %r = call i64 @search(i64 %key)
  %s = call i8* @ll_ltoa(i64 %r)
  call void @ll_puts(i8* %s)
  ret i64 %r
}

define i64 @main() {
  %a = call i64 @show(i64 23)
  %b = call i64 @show(i64 4)
  %c = call i64 @show(i64 1)
  %d = call i64 @show(i64 31)
  %missing = icmp eq i64 %b, -1
  %a10 = mul i64 %a, 10
  br i1 %missing, label %yes, label %no
yes:
  %r = add i64 %a10, 1
  ret i64 %r
no:
  ret i64 %a10
}
