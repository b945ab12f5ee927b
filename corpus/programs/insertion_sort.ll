; Insertion sort of a global array with negative numbers and duplicates:
; [31, -4, 15, 0, 15, 8] sorts to [-4, 0, 8, 15, 15, 31]; the checksum
; sum a[i] * (i + 1) = -4 + 0 + 24 + 60 + 75 + 186 = 341 (exit status 85).
; CHECK-RESULT: 341
@a = global [6 x i64] [i64 31, i64 -4, i64 15, i64 0, i64 15, i64 8]

define void @insertion_sort(i64 %n) {
  %i = alloca i64
  %j = alloca i64
  %key = alloca i64
  store i64 1, i64* %i
  br label %outer
outer:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, %n
  br i1 %more, label %take, label %done
take:
  %pi = getelementptr [6 x i64], [6 x i64]* @a, i64 0, i64 %iv
  %k = load i64, i64* %pi
  store i64 %k, i64* %key
  %start = sub i64 %iv, 1
  store i64 %start, i64* %j
  br label %shift_test
shift_test:
  %jv = load i64, i64* %j
  %nonneg = icmp sge i64 %jv, 0
  br i1 %nonneg, label %compare, label %place
compare:
  %pj = getelementptr [6 x i64], [6 x i64]* @a, i64 0, i64 %jv
  %aj = load i64, i64* %pj
  %kv = load i64, i64* %key
  %bigger = icmp sgt i64 %aj, %kv
  br i1 %bigger, label %shift, label %place
shift:
  %j1 = add i64 %jv, 1
  %pj1 = getelementptr [6 x i64], [6 x i64]* @a, i64 0, i64 %j1
  store i64 %aj, i64* %pj1
  %jm = sub i64 %jv, 1
  store i64 %jm, i64* %j
  br label %shift_test
place:
  %jf = load i64, i64* %j
  %dst = add i64 %jf, 1
  %pd = getelementptr [6 x i64], [6 x i64]* @a, i64 0, i64 %dst
  %kf = load i64, i64* %key
  store i64 %kf, i64* %pd
  %inext = add i64 %iv, 1
  store i64 %inext, i64* %i
  br label %outer
done:
  ret void
}

define i64 @main() {
  call void @insertion_sort(i64 6)
  %i = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 6
  br i1 %more, label %body, label %done
body:
  %p = getelementptr [6 x i64], [6 x i64]* @a, i64 0, i64 %iv
  %v = load i64, i64* %p
  %w = add i64 %iv, 1
  %vw = mul i64 %v, %w
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %vw
  store i64 %a2, i64* %acc
  store i64 %w, i64* %i
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}
