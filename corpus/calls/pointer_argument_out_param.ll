; Pointers to the caller's stack slots passed as out-parameters: divmod(47, 5)
; writes q = 9 and r = 2 (repeated subtraction). Result q * 10 + r = 92.
; CHECK-RESULT: 92
define void @divmod(i64 %n, i64 %d, i64* %q, i64* %r) {
  store i64 0, i64* %q
  store i64 %n, i64* %r
  br label %head
head:
  %rv = load i64, i64* %r
  %ge = icmp sge i64 %rv, %d
  br i1 %ge, label %body, label %done
body:
  %rn = sub i64 %rv, %d
  store i64 %rn, i64* %r
  %qv = load i64, i64* %q
  %qn = add i64 %qv, 1
  store i64 %qn, i64* %q
  br label %head
done:
  ret void
}

define i64 @main() {
  %q = alloca i64
  %r = alloca i64
  call void @divmod(i64 47, i64 5, i64* %q, i64* %r)
  %qv = load i64, i64* %q
  %rv = load i64, i64* %r
  %t = mul i64 %qv, 10
  %s = add i64 %t, %rv
  ret i64 %s
}
