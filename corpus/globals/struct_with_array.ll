; A struct holding an array: { len = 3, data = [10, 20, 30] }; the sum of
; data[0 .. len-1] is 60; plus len gives 63.
; CHECK-RESULT: 63
%vec = type { i64, [3 x i64] }

@v = global %vec { i64 3, [3 x i64] [i64 10, i64 20, i64 30] }

define i64 @main() {
  %lenp = getelementptr %vec, %vec* @v, i32 0, i32 0
  %len = load i64, i64* %lenp
  %i = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 %len, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, %len
  br i1 %more, label %body, label %done
body:
  %ep = getelementptr %vec, %vec* @v, i32 0, i32 1, i64 %iv
  %e = load i64, i64* %ep
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %e
  store i64 %a2, i64* %acc
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}
