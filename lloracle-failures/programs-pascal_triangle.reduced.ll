; lloracle: reduced from corpus/programs/pascal_triangle.ll (16); fails with crash under the built-in back end mutated with sub-swap
; reproduce: lloracle test-compiler --mutate sub-swap --corpus 'lloracle-failures/programs-pascal_triangle.reduced.ll' --random 0
; oracle: returns 0 (exit status 0), stdout ""
; actual: killed by signal 11 (SIGSEGV), stdout ""
; CHECK-RESULT: 0

@row = global [11 x i64] [i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0]

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
  %jm = sub i64 %jv, 1
  %pjm = call i64* @cell(i64 %jm)
  %b = load i64, i64* %pjm
  store i64 0, i64* %j
  br label %head
done:
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
  %n1 = add i64 %nv, 1
  store i64 %n1, i64* %n
  br label %head
done:
  ret i64 0
}
