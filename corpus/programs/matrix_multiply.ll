; Matrix multiplication over nested global arrays: C = A * B with
; A = [[1, 2, 3], [4, 5, 6]] (2 x 3) and B = [[7, 8], [9, 10], [11, 12]] (3 x 2):
; C00 = 7 + 18 + 33 = 58, C01 = 8 + 20 + 36 = 64,
; C10 = 28 + 45 + 66 = 139, C11 = 32 + 50 + 72 = 154.
; The entries are printed row by row; the result is the trace 58 + 154 = 212.
; CHECK-STDOUT: 58
; CHECK-STDOUT: 64
; CHECK-STDOUT: 139
; CHECK-STDOUT: 154
; CHECK-RESULT: 212
@A = global [2 x [3 x i64]] [[3 x i64] [i64 1, i64 2, i64 3], [3 x i64] [i64 4, i64 5, i64 6]]
@B = global [3 x [2 x i64]] [[2 x i64] [i64 7, i64 8], [2 x i64] [i64 9, i64 10], [2 x i64] [i64 11, i64 12]]
@C = global [2 x [2 x i64]] [[2 x i64] [i64 0, i64 0], [2 x i64] [i64 0, i64 0]]

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define void @multiply() {
  %i = alloca i64
  %j = alloca i64
  %k = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  br label %ihead
ihead:
  %iv = load i64, i64* %i
  %imore = icmp slt i64 %iv, 2
  br i1 %imore, label %jinit, label %done
jinit:
  store i64 0, i64* %j
  br label %jhead
jhead:
  %jv = load i64, i64* %j
  %jmore = icmp slt i64 %jv, 2
  br i1 %jmore, label %kinit, label %inext
kinit:
  store i64 0, i64* %k
  store i64 0, i64* %acc
  br label %khead
khead:
  %kv = load i64, i64* %k
  %kmore = icmp slt i64 %kv, 3
  br i1 %kmore, label %kbody, label %store
kbody:
  %pa = getelementptr [2 x [3 x i64]], [2 x [3 x i64]]* @A, i64 0, i64 %iv, i64 %kv
  %pb = getelementptr [3 x [2 x i64]], [3 x [2 x i64]]* @B, i64 0, i64 %kv, i64 %jv
  %a = load i64, i64* %pa
  %b = load i64, i64* %pb
  %ab = mul i64 %a, %b
  %s = load i64, i64* %acc
  %s2 = add i64 %s, %ab
  store i64 %s2, i64* %acc
  %k1 = add i64 %kv, 1
  store i64 %k1, i64* %k
  br label %khead
store:
  %pc = getelementptr [2 x [2 x i64]], [2 x [2 x i64]]* @C, i64 0, i64 %iv, i64 %jv
  %sum = load i64, i64* %acc
  store i64 %sum, i64* %pc
  %j1 = add i64 %jv, 1
  store i64 %j1, i64* %j
  br label %jhead
inext:
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %ihead
done:
  ret void
}

define void @print_c(i64 %i, i64 %j) {
  %p = getelementptr [2 x [2 x i64]], [2 x [2 x i64]]* @C, i64 0, i64 %i, i64 %j
  %v = load i64, i64* %p
  %s = call i8* @ll_ltoa(i64 %v)
  call void @ll_puts(i8* %s)
  ret void
}

define i64 @main() {
  call void @multiply()
  call void @print_c(i64 0, i64 0)
  call void @print_c(i64 0, i64 1)
  call void @print_c(i64 1, i64 0)
  call void @print_c(i64 1, i64 1)
  %p00 = getelementptr [2 x [2 x i64]], [2 x [2 x i64]]* @C, i64 0, i64 0, i64 0
  %p11 = getelementptr [2 x [2 x i64]], [2 x [2 x i64]]* @C, i64 0, i64 1, i64 1
  %c00 = load i64, i64* %p00
  %c11 = load i64, i64* %p11
  %t = add i64 %c00, %c11
  ret i64 %t
}
