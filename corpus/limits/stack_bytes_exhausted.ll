; 90,000 nested calls, each with 40 i64 allocas: natively about 30 MiB of stack (lli and a default
; 8 MiB stack crash). The depth limit (100,000 calls) is not reached, but the stack count is: each
; call needs 64 bytes of overhead, 8 per local slot (47: the parameter, 40 allocas, 6 other
; instructions) and 8 per alloca, 760 bytes, so the 32 MiB budget (33,554,432 bytes) ends the run
; at depth 44,151, long before the recursion returns.
; CHECK-LIMIT: stack-exhausted
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
  %r = call i64 @deep(i64 90000)
  ret i64 %r
}
