; Printing in a loop: the powers of two 1, 2, 4, ..., 128, one per line.
; CHECK-STDOUT: 1
; CHECK-STDOUT: 2
; CHECK-STDOUT: 4
; CHECK-STDOUT: 8
; CHECK-STDOUT: 16
; CHECK-STDOUT: 32
; CHECK-STDOUT: 64
; CHECK-STDOUT: 128
; CHECK-RESULT: 8
declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @main() {
  %p = alloca i64
  %n = alloca i64
  store i64 1, i64* %p
  store i64 0, i64* %n
  br label %head
head:
  %pv = load i64, i64* %p
  %more = icmp sle i64 %pv, 128
  br i1 %more, label %body, label %done
body:
  %s = call i8* @ll_ltoa(i64 %pv)
  call void @ll_puts(i8* %s)
  %pn = shl i64 %pv, 1
  store i64 %pn, i64* %p
  %nv = load i64, i64* %n
  %nn = add i64 %nv, 1
  store i64 %nn, i64* %n
  br label %head
done:
  %r = load i64, i64* %n
  ret i64 %r
}
