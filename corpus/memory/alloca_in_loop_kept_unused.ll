; An alloca in a loop body (as Oat front ends emit for locals declared in a loop) runs five times in one frame.
; Each run's block is used only within its iteration; the pointers of earlier runs are kept (stored in %keep,
; passed to @ignore) but never used again, which is fine. Each iteration stores i * i into its block and adds it
; back: 0 + 1 + 4 + 9 + 16 = 30, the same on LLVM (new stack each run) and on a course back end (one slot).
; CHECK-RESULT: 30
define void @ignore(i64* %p) {
  ret void
}
define i64 @main() {
entry:
  %keep = alloca i64*
  %i = alloca i64
  %sum = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %sum
  br label %loop
loop:
  %p = alloca i64
  %n = load i64, i64* %i
  %sq = mul i64 %n, %n
  store i64 %sq, i64* %p
  %back = load i64, i64* %p
  %s = load i64, i64* %sum
  %s1 = add i64 %s, %back
  store i64 %s1, i64* %sum
  %old = load i64*, i64** %keep
  call void @ignore(i64* %old)
  store i64* %p, i64** %keep
  %n1 = add i64 %n, 1
  store i64 %n1, i64* %i
  %done = icmp eq i64 %n1, 5
  br i1 %done, label %out, label %loop
out:
  %r = load i64, i64* %sum
  ret i64 %r
}
