; One GEP instruction into the array field of a struct, with a run-time index 0, 1, 2: the sum of
; the field's elements 10 + 20 + 30 = 60, plus field 0 (7), read through a constant GEP: 67.
; CHECK-RESULT: 67
%t = type { i64, [3 x i64] }
@g = global %t { i64 7, [3 x i64] [i64 10, i64 20, i64 30] }
define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 0, i64* %i
  %f0 = getelementptr %t, %t* @g, i64 0, i32 0
  %x = load i64, i64* %f0
  store i64 %x, i64* %s
  br label %head
head:
  %iv = load i64, i64* %i
  %p = getelementptr %t, %t* @g, i64 0, i32 1, i64 %iv
  %v = load i64, i64* %p
  %sv = load i64, i64* %s
  %s2 = add i64 %sv, %v
  store i64 %s2, i64* %s
  %i2 = add i64 %iv, 1
  store i64 %i2, i64* %i
  %c = icmp slt i64 %i2, 3
  br i1 %c, label %head, label %done
done:
  ret i64 %s2
}
