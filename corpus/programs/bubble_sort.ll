; Bubble sort of a global array, ascending, then a position-weighted checksum.
; [5, 3, 8, 1, 9, 2, 7, 4] sorts to [1, 2, 3, 4, 5, 7, 8, 9];
; checksum = sum a[i] * (i + 1) = 1 + 4 + 9 + 16 + 25 + 42 + 56 + 72 = 225.
; CHECK-RESULT: 225
@a = global [8 x i64] [i64 5, i64 3, i64 8, i64 1, i64 9, i64 2, i64 7, i64 4]

define void @bubble_sort(i64 %n) {
  %i = alloca i64
  %j = alloca i64
  store i64 0, i64* %i
  br label %outer
outer:
  %iv = load i64, i64* %i
  %nm1 = sub i64 %n, 1
  %more = icmp slt i64 %iv, %nm1
  br i1 %more, label %outer_body, label %done
outer_body:
  store i64 0, i64* %j
  br label %inner
inner:
  %jv = load i64, i64* %j
  %lim = sub i64 %nm1, %iv
  %jmore = icmp slt i64 %jv, %lim
  br i1 %jmore, label %inner_body, label %outer_next
inner_body:
  %p = getelementptr [8 x i64], [8 x i64]* @a, i64 0, i64 %jv
  %j1 = add i64 %jv, 1
  %q = getelementptr [8 x i64], [8 x i64]* @a, i64 0, i64 %j1
  %x = load i64, i64* %p
  %y = load i64, i64* %q
  %gt = icmp sgt i64 %x, %y
  br i1 %gt, label %swap, label %inner_next
swap:
  store i64 %y, i64* %p
  store i64 %x, i64* %q
  br label %inner_next
inner_next:
  store i64 %j1, i64* %j
  br label %inner
outer_next:
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %outer
done:
  ret void
}

define i64 @checksum(i64 %n) {
  %i = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, %n
  br i1 %more, label %body, label %done
body:
  %p = getelementptr [8 x i64], [8 x i64]* @a, i64 0, i64 %iv
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

define i64 @main() {
  call void @bubble_sort(i64 8)
  %c = call i64 @checksum(i64 8)
  ret i64 %c
}
