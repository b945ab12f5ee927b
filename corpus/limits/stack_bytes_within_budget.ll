; The same function as stack_bytes_exhausted.ll (760 counted bytes per call) nested 5,000 deep:
; 5,001 frames of deep plus main's, about 3.8 MB, are within the 32 MiB stack budget, so the
; recursion returns its depth. (Small enough for a default 8 MiB native stack too, so that a
; compiler's binary run without a raised stack limit still agrees.)
; CHECK-RESULT: 5000
define i64 @deep(i64 %n) {
  %a0 = alloca i64
  %a1 = alloca i64
  %a2 = alloca i64
  %a3 = alloca i64
  %a4 = alloca i64
  %a5 = alloca i64
  %a6 = alloca i64
  %a7 = alloca i64
  %a8 = alloca i64
  %a9 = alloca i64
  %a10 = alloca i64
  %a11 = alloca i64
  %a12 = alloca i64
  %a13 = alloca i64
  %a14 = alloca i64
  %a15 = alloca i64
  %a16 = alloca i64
  %a17 = alloca i64
  %a18 = alloca i64
  %a19 = alloca i64
  %a20 = alloca i64
  %a21 = alloca i64
  %a22 = alloca i64
  %a23 = alloca i64
  %a24 = alloca i64
  %a25 = alloca i64
  %a26 = alloca i64
  %a27 = alloca i64
  %a28 = alloca i64
  %a29 = alloca i64
  %a30 = alloca i64
  %a31 = alloca i64
  %a32 = alloca i64
  %a33 = alloca i64
  %a34 = alloca i64
  %a35 = alloca i64
  %a36 = alloca i64
  %a37 = alloca i64
  %a38 = alloca i64
  %a39 = alloca i64
  store i64 %n, i64* %a0
  %c = icmp eq i64 %n, 0
  br i1 %c, label %done, label %more
more:
  %m = sub i64 %n, 1
  %r = call i64 @deep(i64 %m)
  %v = load i64, i64* %a0
  %s = add i64 %r, 1
  ret i64 %s
done:
  ret i64 0
}

define i64 @main() {
  %r = call i64 @deep(i64 5000)
  ret i64 %r
}
