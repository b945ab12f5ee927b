; The pointers of two runs of one alloca compared: LLVM gives each run new stack (unequal, 0), course back ends
; one fixed slot per alloca instruction (equal, 1). The first run's block is superseded when the alloca runs
; again, so the comparison is alloca-superseded.
; CHECK-DIVERGES-FROM-REFERENCE: allocas that run again: the reference compares two different blocks and returns 0
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
  %n1 = add i64 %n, 1
  store i64 %n1, i64* %i
  %first = icmp eq i64 %n, 0
  br i1 %first, label %save, label %compare
save:
  store i64* %p, i64** %keep
  br label %loop
compare:
  %old = load i64*, i64** %keep
  %same = icmp eq i64* %old, %p
  br i1 %same, label %yes, label %no
yes:
  ret i64 1
no:
  ret i64 0
}
