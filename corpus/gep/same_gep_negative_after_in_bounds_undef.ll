; One GEP instruction into an array field of a struct, run with indices 2, 1, 0 (the loads give
; 30, 20, 10) and then -1: index -1 is outside the array node, so the GEP is undef and its load is
; undef-ptr-deref, even though the same GEP succeeded before.
; CHECK-UNDEFINED: undef-ptr-deref
%t = type { i64, [3 x i64] }
@g = global %t { i64 7, [3 x i64] [i64 10, i64 20, i64 30] }
define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 2, i64* %i
  store i64 0, i64* %s
  br label %head
head:
  %iv = load i64, i64* %i
  %p = getelementptr %t, %t* @g, i64 0, i32 1, i64 %iv
  %v = load i64, i64* %p
  %sv = load i64, i64* %s
  %s2 = add i64 %sv, %v
  store i64 %s2, i64* %s
  %i2 = sub i64 %iv, 1
  store i64 %i2, i64* %i
  %c = icmp sge i64 %i2, -1
  br i1 %c, label %head, label %done
done:
  ret i64 %s2
}
