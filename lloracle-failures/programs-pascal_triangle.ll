@row = global [11 x i64] [i64 1, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0]
@space = global [2 x i8] c" \00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64* @cell(i64 %j) {
  %p = getelementptr [11 x i64], [11 x i64]* @row, i64 0, i64 %j
  ret i64* %p
}

define void @next_row(i64 %n) {
  %j = alloca i64
  store i64 %n, i64* %j
  br label %head
head:
  %jv = load i64, i64* %j
  %more = icmp sge i64 %jv, 1
  br i1 %more, label %body, label %done
body:
  %pj = call i64* @cell(i64 %jv)
  %jm = sub i64 %jv, 1
  %pjm = call i64* @cell(i64 %jm)
  %a = load i64, i64* %pj
  %b = load i64, i64* %pjm
  %s = add i64 %a, %b
  store i64 %s, i64* %pj
  store i64 %jm, i64* %j
  br label %head
done:
  ret void
}

define void @print_row(i64 %n) {
  %sp = getelementptr [2 x i8], [2 x i8]* @space, i64 0, i64 0
  %p0 = call i64* @cell(i64 0)
  %v0 = load i64, i64* %p0
  %s0 = call i8* @ll_ltoa(i64 %v0)
  %line = alloca i8*
  store i8* %s0, i8** %line
  %j = alloca i64
  store i64 1, i64* %j
  br label %head
head:
  %jv = load i64, i64* %j
  %more = icmp sle i64 %jv, %n
  br i1 %more, label %body, label %done
body:
  %p = call i64* @cell(i64 %jv)
  %v = load i64, i64* %p
  %vs = call i8* @ll_ltoa(i64 %v)
  %l0 = load i8*, i8** %line
  %l1 = call i8* @ll_strcat(i8* %l0, i8* %sp)
  %l2 = call i8* @ll_strcat(i8* %l1, i8* %vs)
  store i8* %l2, i8** %line
  %j1 = add i64 %jv, 1
  store i64 %j1, i64* %j
  br label %head
done:
  %text = load i8*, i8** %line
  call void @ll_puts(i8* %text)
  ret void
}

define i64 @main() {
  %n = alloca i64
  store i64 1, i64* %n
  br label %head
head:
  %nv = load i64, i64* %n
  %more = icmp sle i64 %nv, 10
  br i1 %more, label %body, label %done
body:
  call void @next_row(i64 %nv)
  %six = icmp eq i64 %nv, 6
  br i1 %six, label %print, label %next
print:
  call void @print_row(i64 6)
  br label %next
next:
  %n1 = add i64 %nv, 1
  store i64 %n1, i64* %n
  br label %head
done:
  %p5 = call i64* @cell(i64 5)
  %r = load i64, i64* %p5
  ret i64 %r
}
