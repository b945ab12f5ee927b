; String building the way compiled print statements do it: literal pieces and
; ll_ltoa numbers joined with ll_strcat into report lines.
; sum of 1..10 = 55; 5! = 120; 2 - 9 = -7.
; CHECK-STDOUT: sum(1..10) = 55
; CHECK-STDOUT: fact(5) = 120
; CHECK-STDOUT: 2 - 9 = -7
; CHECK-RESULT: 0
@sum_s = global [14 x i8] c"sum(1..10) = \00"
@fact_s = global [11 x i8] c"fact(5) = \00"
@minus_s = global [4 x i8] c" - \00"
@eq_s = global [4 x i8] c" = \00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @sum_to(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %zero, label %rec
zero:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %s = call i64 @sum_to(i64 %m)
  %r = add i64 %s, %n
  ret i64 %r
}

define i64 @fact(i64 %n) {
  %z = icmp sle i64 %n, 1
  br i1 %z, label %one, label %rec
one:
  ret i64 1
rec:
  %m = sub i64 %n, 1
  %f = call i64 @fact(i64 %m)
  %r = mul i64 %f, %n
  ret i64 %r
}

define void @report(i8* %label, i64 %value) {
  %v = call i8* @ll_ltoa(i64 %value)
  %line = call i8* @ll_strcat(i8* %label, i8* %v)
  call void @ll_puts(i8* %line)
  ret void
}

define i64 @main() {
  %s = call i64 @sum_to(i64 10)
  %sl = getelementptr [14 x i8], [14 x i8]* @sum_s, i32 0, i32 0
  call void @report(i8* %sl, i64 %s)
  %f = call i64 @fact(i64 5)
  %fl = getelementptr [11 x i8], [11 x i8]* @fact_s, i32 0, i32 0
  call void @report(i8* %fl, i64 %f)
  %a = call i8* @ll_ltoa(i64 2)
  %b = call i8* @ll_ltoa(i64 9)
  %d = sub i64 2, 9
  %m = getelementptr [4 x i8], [4 x i8]* @minus_s, i32 0, i32 0
  %e = getelementptr [4 x i8], [4 x i8]* @eq_s, i32 0, i32 0
  %t1 = call i8* @ll_strcat(i8* %a, i8* %m)
  %t2 = call i8* @ll_strcat(i8* %t1, i8* %b)
  %t3 = call i8* @ll_strcat(i8* %t2, i8* %e)
  call void @report(i8* %t3, i64 %d)
  ret i64 0
}
