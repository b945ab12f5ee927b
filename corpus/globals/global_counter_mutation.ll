; A global mutated in a loop: 10 iterations each add the loop index to @sum:
; 0 + 1 + ... + 9 = 45; @count counts the iterations (10). Result 45 * 2 + 10 = 100.
; CHECK-RESULT: 100
@sum = global i64 0
@count = global i64 0

define i64 @main() {
  %i = alloca i64
  store i64 0, i64* %i
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 10
  br i1 %more, label %body, label %done
body:
  %s = load i64, i64* @sum
  %s2 = add i64 %s, %iv
  store i64 %s2, i64* @sum
  %c = load i64, i64* @count
  %c2 = add i64 %c, 1
  store i64 %c2, i64* @count
  %next = add i64 %iv, 1
  store i64 %next, i64* %i
  br label %head
done:
  %fs = load i64, i64* @sum
  %fc = load i64, i64* @count
  %d = mul i64 %fs, 2
  %r = add i64 %d, %fc
  ret i64 %r
}
