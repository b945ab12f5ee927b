; Recursive quicksort (Lomuto partition, last element as pivot) of a global
; array, then the sorted array printed with ll_ltoa / ll_strcat.
; [9, 4, 7, 1, 8, 2, 6, 3, 5, 0] sorts to 0..9; checksum sum a[i] * (i + 1)
; = sum i * (i + 1) for i = 0..9 = 285 + 45 = 330 (exit status 74).
; CHECK-STDOUT: 0 1 2 3 4 5 6 7 8 9
; CHECK-RESULT: 330
@a = global [10 x i64] [i64 9, i64 4, i64 7, i64 1, i64 8, i64 2, i64 6, i64 3, i64 5, i64 0]
@space = global [2 x i8] c" \00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64* @at(i64 %i) {
  %p = getelementptr [10 x i64], [10 x i64]* @a, i64 0, i64 %i
  ret i64* %p
}

define void @swap(i64 %i, i64 %j) {
  %p = call i64* @at(i64 %i)
  %q = call i64* @at(i64 %j)
  %x = load i64, i64* %p
  %y = load i64, i64* %q
  store i64 %y, i64* %p
  store i64 %x, i64* %q
  ret void
}

; Lomuto: the pivot a[hi] ends at the returned index.
define i64 @partition(i64 %lo, i64 %hi) {
  %pp = call i64* @at(i64 %hi)
  %pivot = load i64, i64* %pp
  %i = alloca i64
  %j = alloca i64
  store i64 %lo, i64* %i
  store i64 %lo, i64* %j
  br label %head
head:
  %jv = load i64, i64* %j
  %more = icmp slt i64 %jv, %hi
  br i1 %more, label %body, label %done
body:
  %pj = call i64* @at(i64 %jv)
  %aj = load i64, i64* %pj
  %small = icmp slt i64 %aj, %pivot
  br i1 %small, label %move, label %next
move:
  %iv = load i64, i64* %i
  call void @swap(i64 %iv, i64 %jv)
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %next
next:
  %j1 = add i64 %jv, 1
  store i64 %j1, i64* %j
  br label %head
done:
  %fi = load i64, i64* %i
  call void @swap(i64 %fi, i64 %hi)
  ret i64 %fi
}

define void @quicksort(i64 %lo, i64 %hi) {
  %go = icmp slt i64 %lo, %hi
  br i1 %go, label %split, label %leave
split:
  %p = call i64 @partition(i64 %lo, i64 %hi)
  %left = sub i64 %p, 1
  %right = add i64 %p, 1
  call void @quicksort(i64 %lo, i64 %left)
  call void @quicksort(i64 %right, i64 %hi)
  ret void
leave:
  ret void
}

define i64 @main() {
  call void @quicksort(i64 0, i64 9)
  %sp = getelementptr [2 x i8], [2 x i8]* @space, i32 0, i32 0
  %p0 = call i64* @at(i64 0)
  %v0 = load i64, i64* %p0
  %s0 = call i8* @ll_ltoa(i64 %v0)
  %line = alloca i8*
  store i8* %s0, i8** %line
  %i = alloca i64
  %acc = alloca i64
  store i64 1, i64* %i
  store i64 0, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 10
  br i1 %more, label %body, label %done
body:
  %p = call i64* @at(i64 %iv)
  %v = load i64, i64* %p
  %vs = call i8* @ll_ltoa(i64 %v)
  %l0 = load i8*, i8** %line
  %l1 = call i8* @ll_strcat(i8* %l0, i8* %sp)
  %l2 = call i8* @ll_strcat(i8* %l1, i8* %vs)
  store i8* %l2, i8** %line
  %w = add i64 %iv, 1
  %vw = mul i64 %v, %w
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %vw
  store i64 %a2, i64* %acc
  store i64 %w, i64* %i
  br label %head
done:
  %text = load i8*, i8** %line
  call void @ll_puts(i8* %text)
  %r = load i64, i64* %acc
  ret i64 %r
}
