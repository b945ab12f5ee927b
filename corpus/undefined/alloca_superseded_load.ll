; An alloca in a loop body runs twice in one frame. The first run's pointer is kept in %keep and read after the
; second run. The spec and LLVM give each run a new block: the first block still holds 10 (LLVM: 10). Course
; back ends give the alloca instruction one fixed slot, which the second run overwrote with 11 (they return 11).
; So the block of the first run is superseded once the alloca runs again, and the load through the kept pointer
; is alloca-superseded, at that load (block %out, instruction 1), naming the alloca of block %loop.
; CHECK-DIVERGES-FROM-REFERENCE: allocas that run again: the reference reads the first block and returns 10
; CHECK-UNDEFINED: alloca-superseded
define i64 @main() {
entry:
  %keep = alloca i64*
  %i = alloca i64
  store i64 0, i64* %i
  br label %loop
loop:
  %p = alloca i64
  %n = load i64, i64* %i
  %val = add i64 %n, 10
  store i64 %val, i64* %p
  %first = icmp eq i64 %n, 0
  br i1 %first, label %save, label %next
save:
  store i64* %p, i64** %keep
  br label %next
next:
  %n1 = add i64 %n, 1
  store i64 %n1, i64* %i
  %done = icmp eq i64 %n1, 2
  br i1 %done, label %out, label %loop
out:
  %q = load i64*, i64** %keep
  %v = load i64, i64* %q
  ret i64 %v
}
