; A global array written in place: a[i] := a[i] * i for a = [5, 5, 5, 5];
; afterwards a = [0, 5, 10, 15]; a[3] - a[1] + a[0] = 10.
; CHECK-RESULT: 10
@a = global [4 x i64] [i64 5, i64 5, i64 5, i64 5]

define i64 @main() {
  %i = alloca i64
  store i64 0, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 4
  br i1 %more, label %body, label %done
body:
  %p = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 %iv
  %v = load i64, i64* %p
  %w = mul i64 %v, %iv
  store i64 %w, i64* %p
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %p3 = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 3
  %p1 = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 1
  %p0 = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 0
  %a3 = load i64, i64* %p3
  %a1 = load i64, i64* %p1
  %a0 = load i64, i64* %p0
  %d = sub i64 %a3, %a1
  %r = add i64 %d, %a0
  ret i64 %r
}
