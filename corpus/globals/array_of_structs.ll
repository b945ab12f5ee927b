; An array of structs: three points {x, y}; sum of x * y over them is
; 1*2 + 3*4 + 5*6 = 2 + 12 + 30 = 44.
; CHECK-RESULT: 44
%point = type { i64, i64 }

@pts = global [3 x %point] [%point { i64 1, i64 2 }, %point { i64 3, i64 4 }, %point { i64 5, i64 6 }]

define i64 @main() {
  %i = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 3
  br i1 %more, label %body, label %done
body:
  %px = getelementptr [3 x %point], [3 x %point]* @pts, i64 0, i64 %iv, i32 0
  %py = getelementptr [3 x %point], [3 x %point]* @pts, i64 0, i64 %iv, i32 1
  %x = load i64, i64* %px
  %y = load i64, i64* %py
  %xy = mul i64 %x, %y
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %xy
  store i64 %a2, i64* %acc
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}
