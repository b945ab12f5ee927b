; Towers of Hanoi: the moves for 3 discs are printed as "from->to"
; (1->3 1->2 3->2 1->3 2->1 2->3 1->3), then the moves for 10 discs are only
; counted: 2^10 - 1 = 1023 (exit status 255).
; CHECK-STDOUT: 1->3
; CHECK-STDOUT: 1->2
; CHECK-STDOUT: 3->2
; CHECK-STDOUT: 1->3
; CHECK-STDOUT: 2->1
; CHECK-STDOUT: 2->3
; CHECK-STDOUT: 1->3
; CHECK-RESULT: 1023
@arrow = global [3 x i8] c"->\00"
@moves = global i64 0

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define void @move(i64 %from, i64 %to, i1 %verbose) {
  %m = load i64, i64* @moves
  %m1 = add i64 %m, 1
  store i64 %m1, i64* @moves
  br i1 %verbose, label %say, label %quiet
say:
  %a = getelementptr [3 x i8], [3 x i8]* @arrow, i32 0, i32 0
  %f = call i8* @ll_ltoa(i64 %from)
  %t = call i8* @ll_ltoa(i64 %to)
  %fa = call i8* @ll_strcat(i8* %f, i8* %a)
  %fat = call i8* @ll_strcat(i8* %fa, i8* %t)
  call void @ll_puts(i8* %fat)
  ret void
quiet:
  ret void
}

define void @hanoi(i64 %n, i64 %from, i64 %to, i64 %via, i1 %verbose) {
  %none = icmp eq i64 %n, 0
  br i1 %none, label %done, label %work
work:
  %n1 = sub i64 %n, 1
  call void @hanoi(i64 %n1, i64 %from, i64 %via, i64 %to, i1 %verbose)
  call void @move(i64 %from, i64 %to, i1 %verbose)
  call void @hanoi(i64 %n1, i64 %via, i64 %to, i64 %from, i1 %verbose)
  ret void
done:
  ret void
}

define i64 @main() {
  call void @hanoi(i64 3, i64 1, i64 3, i64 2, i1 1)
  store i64 0, i64* @moves
  call void @hanoi(i64 10, i64 1, i64 3, i64 2, i1 0)
  %m = load i64, i64* @moves
  ret i64 %m
}
