; Mutual recursion deciding parity, used in a loop: counts the even numbers in
; 0..20 (0, 2, ..., 20: 11 of them) and prints the parity of 7 and 12.
; CHECK-STDOUT: odd
; CHECK-STDOUT: even
; CHECK-RESULT: 11
@even_s = global [5 x i8] c"even\00"
@odd_s = global [4 x i8] c"odd\00"

declare void @ll_puts(i8*)

define i1 @is_even(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %yes, label %rec
yes:
  ret i1 1
rec:
  %m = sub i64 %n, 1
  %r = call i1 @is_odd(i64 %m)
  ret i1 %r
}

define i1 @is_odd(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %no, label %rec
no:
  ret i1 0
rec:
  %m = sub i64 %n, 1
  %r = call i1 @is_even(i64 %m)
  ret i1 %r
}

define void @say(i64 %n) {
  %e = call i1 @is_even(i64 %n)
  br i1 %e, label %even, label %odd
even:
  %es = getelementptr [5 x i8], [5 x i8]* @even_s, i32 0, i32 0
  call void @ll_puts(i8* %es)
  ret void
odd:
  %os = getelementptr [4 x i8], [4 x i8]* @odd_s, i32 0, i32 0
  call void @ll_puts(i8* %os)
  ret void
}

define i64 @main() {
  call void @say(i64 7)
  call void @say(i64 12)
  %i = alloca i64
  %count = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %count
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp sle i64 %iv, 20
  br i1 %more, label %body, label %done
body:
  %e = call i1 @is_even(i64 %iv)
  br i1 %e, label %inc, label %next
inc:
  %c = load i64, i64* %count
  %c1 = add i64 %c, 1
  store i64 %c1, i64* %count
  br label %next
next:
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %head
done:
  %r = load i64, i64* %count
  ret i64 %r
}
