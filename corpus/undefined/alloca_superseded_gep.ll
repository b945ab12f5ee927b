; A GEP through a pointer into a superseded block is alloca-superseded at the GEP itself: the struct alloca in
; the loop ran again after %keep took the first run's pointer (LLVM would read the first run's field 1, 7 + 0 = 7;
; a course back end the second run's, 7 + 1 = 8).
; CHECK-DIVERGES-FROM-REFERENCE: allocas that run again: the reference reads the first block and returns 7
; CHECK-UNDEFINED: alloca-superseded
define i64 @main() {
entry:
  %keep = alloca {i64, i64}*
  %i = alloca i64
  store i64 0, i64* %i
  br label %loop
loop:
  %s = alloca {i64, i64}
  %n = load i64, i64* %i
  %f1 = getelementptr {i64, i64}, {i64, i64}* %s, i32 0, i32 1
  %val = add i64 %n, 7
  store i64 %val, i64* %f1
  %n1 = add i64 %n, 1
  store i64 %n1, i64* %i
  %first = icmp eq i64 %n, 0
  br i1 %first, label %save, label %out
save:
  store {i64, i64}* %s, {i64, i64}** %keep
  br label %loop
out:
  %old = load {i64, i64}*, {i64, i64}** %keep
  %g = getelementptr {i64, i64}, {i64, i64}* %old, i32 0, i32 1
  %v = load i64, i64* %g
  ret i64 %v
}
