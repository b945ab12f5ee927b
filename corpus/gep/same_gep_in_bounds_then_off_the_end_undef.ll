; One GEP instruction run with indices 0, 1, 2, 3 (in bounds: the loads give 1, 2, 3, 4) and then 4, one
; past the end: that last time the path targets no subtree, so the GEP is undef and its load is
; undef-ptr-deref. (The oracle's fast path remembers what a GEP did for in-bounds indices; it must
; still check the bound every time.)
; CHECK-UNDEFINED: undef-ptr-deref
@a = global [4 x i64] [i64 1, i64 2, i64 3, i64 4]
define i64 @main() {
  %i = alloca i64
  %s = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %s
  br label %head
head:
  %iv = load i64, i64* %i
  %p = getelementptr [4 x i64], [4 x i64]* @a, i64 0, i64 %iv
  %v = load i64, i64* %p
  %sv = load i64, i64* %s
  %s2 = add i64 %sv, %v
  store i64 %s2, i64* %s
  %i2 = add i64 %iv, 1
  store i64 %i2, i64* %i
  %c = icmp slt i64 %i2, 5
  br i1 %c, label %head, label %done
done:
  ret i64 %s2
}
