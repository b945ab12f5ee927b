; The ll-libc runtime (Princeton COS320 2026's back-end tests, later CIS341 handouts). ll_malloc(8, 4) is
; calloc: 32 zeroed bytes, typed i64 by the first GEP, so 4 elements moved along with `getelementptr i64, i64*
; %a, i64 %k`. a[k] := atoi(argv[1]) * k for k = 0..3 with argv[1] = "-5": sum = -5 * (0 + 1 + 2 + 3) = -30.
; strcmp("abc", "abd"): glibc's C int is 'c' - 'd' = -1, which a program declaring strcmp at i64 reads as
; 4294967295 (the register's upper half is zero; docs/semantics.md), so `icmp slt i64 %c, 0` is false.
; strlen("abc") = 3, puts prints "abc" and a newline and returns 4 (glibc: length + 1). ll_callback(@add)
; calls add(19, 19) = 38. free releases the block. Result: -30 + 3 + 4 + 38 = 15 (no 1 added).
; CHECK-RUNTIME: ll-libc
; CHECK-ARGS: -5
; CHECK-RESULT: 15
; CHECK-STDOUT: abc
@abc = global [4 x i8] c"abc\00"
@abd = global [4 x i8] c"abd\00"
declare i64* @ll_malloc(i64, i64)
declare i64 @atoi(i8*)
declare i64 @strcmp(i8*, i8*)
declare i64 @strlen(i8*)
declare i64 @puts(i8*)
declare void @free(i64*)
declare i64 @ll_callback(i64 (i64, i64)*)

define i64 @add(i64 %a, i64 %b) {
  %r = add i64 %a, %b
  ret i64 %r
}

define i64 @main(i64 %argc, i8** %argv) {
entry:
  %a = call i64* @ll_malloc(i64 8, i64 4)
  %a1p = getelementptr i8*, i8** %argv, i64 1
  %a1 = load i8*, i8** %a1p
  %n = call i64 @atoi(i8* %a1)
  %kp = alloca i64
  %sp = alloca i64
  store i64 0, i64* %kp
  store i64 0, i64* %sp
  br label %loop
loop:
  %k = load i64, i64* %kp
  %e = getelementptr i64, i64* %a, i64 %k
  %old = load i64, i64* %e
  %v = mul i64 %n, %k
  %w = add i64 %old, %v
  store i64 %w, i64* %e
  %s = load i64, i64* %sp
  %s2 = add i64 %s, %w
  store i64 %s2, i64* %sp
  %k2 = add i64 %k, 1
  store i64 %k2, i64* %kp
  %more = icmp slt i64 %k2, 4
  br i1 %more, label %loop, label %done
done:
  call void @free(i64* %a)
  %x = bitcast [4 x i8]* @abc to i8*
  %y = bitcast [4 x i8]* @abd to i8*
  %c = call i64 @strcmp(i8* %x, i8* %y)
  %l = call i64 @strlen(i8* %x)
  %p = call i64 @puts(i8* %x)
  %cb = call i64 @ll_callback(i64 (i64, i64)* @add)
  %sum = load i64, i64* %sp
  %t1 = add i64 %sum, %l
  %t2 = add i64 %t1, %p
  %t3 = add i64 %t2, %cb
  %neg = icmp slt i64 %c, 0
  br i1 %neg, label %less, label %other
less:
  %t4 = add i64 %t3, 1
  ret i64 %t4
other:
  ret i64 %t3
}
