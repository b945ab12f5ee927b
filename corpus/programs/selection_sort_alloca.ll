; Selection sort of an array alloca'd in main's frame and passed by pointer to
; helpers (swap through two i64* element pointers): [4, 2, 5, 1, 3] -> [1, 2, 3, 4, 5].
; Result a0*10000 + a1*1000 + a2*100 + a3*10 + a4 = 12345 (exit status 57).
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-RESULT: 12345
define void @swap(i64* %p, i64* %q) {
  %x = load i64, i64* %p
  %y = load i64, i64* %q
  store i64 %y, i64* %p
  store i64 %x, i64* %q
  ret void
}

define void @selection_sort([5 x i64]* %a) {
  %i = alloca i64
  %j = alloca i64
  %min = alloca i64
  store i64 0, i64* %i
  br label %outer
outer:
  %iv = load i64, i64* %i
  %omore = icmp slt i64 %iv, 4
  br i1 %omore, label %scan_init, label %done
scan_init:
  store i64 %iv, i64* %min
  %start = add i64 %iv, 1
  store i64 %start, i64* %j
  br label %scan
scan:
  %jv = load i64, i64* %j
  %smore = icmp slt i64 %jv, 5
  br i1 %smore, label %scan_body, label %place
scan_body:
  %pj = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 %jv
  %mv = load i64, i64* %min
  %pm = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 %mv
  %aj = load i64, i64* %pj
  %am = load i64, i64* %pm
  %smaller = icmp slt i64 %aj, %am
  br i1 %smaller, label %newmin, label %scan_next
newmin:
  store i64 %jv, i64* %min
  br label %scan_next
scan_next:
  %j1 = add i64 %jv, 1
  store i64 %j1, i64* %j
  br label %scan
place:
  %pi = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 %iv
  %mf = load i64, i64* %min
  %pmf = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 %mf
  call void @swap(i64* %pi, i64* %pmf)
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %outer
done:
  ret void
}

define i64 @main() {
  %a = alloca [5 x i64]
  %p0 = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 0
  %p1 = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 1
  %p2 = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 2
  %p3 = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 3
  %p4 = getelementptr [5 x i64], [5 x i64]* %a, i64 0, i64 4
  store i64 4, i64* %p0
  store i64 2, i64* %p1
  store i64 5, i64* %p2
  store i64 1, i64* %p3
  store i64 3, i64* %p4
  call void @selection_sort([5 x i64]* %a)
  %v0 = load i64, i64* %p0
  %v1 = load i64, i64* %p1
  %v2 = load i64, i64* %p2
  %v3 = load i64, i64* %p3
  %v4 = load i64, i64* %p4
  %t0 = mul i64 %v0, 10000
  %t1 = mul i64 %v1, 1000
  %t2 = mul i64 %v2, 100
  %t3 = mul i64 %v3, 10
  %s1 = add i64 %t0, %t1
  %s2 = add i64 %s1, %t2
  %s3 = add i64 %s2, %t3
  %s4 = add i64 %s3, %v4
  ret i64 %s4
}
