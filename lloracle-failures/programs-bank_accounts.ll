%account = type { i64, i64 }

@accounts = global [3 x %account] [%account { i64 0, i64 100 }, %account { i64 1, i64 20 }, %account { i64 2, i64 0 }]
@refused = global i64 0

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64* @balance(i64 %id) {
  %p = getelementptr [3 x %account], [3 x %account]* @accounts, i64 0, i64 %id, i32 1
  ret i64* %p
}

define i1 @transfer(i64 %from, i64 %to, i64 %amount) {
  %fp = call i64* @balance(i64 %from)
  %tp = call i64* @balance(i64 %to)
  %fb = load i64, i64* %fp
  %enough = icmp sge i64 %fb, %amount
  br i1 %enough, label %ok, label %refuse
ok:
  %fb2 = sub i64 %fb, %amount
  store i64 %fb2, i64* %fp
  %tb = load i64, i64* %tp
  %tb2 = add i64 %tb, %amount
  store i64 %tb2, i64* %tp
  ret i1 1
refuse:
  %r = load i64, i64* @refused
  %r1 = add i64 %r, 1
  store i64 %r1, i64* @refused
  ret i1 0
}

define i64 @show(i64 %id) {
  %p = call i64* @balance(i64 %id)
  %b = load i64, i64* %p
  %s = call i8* @ll_ltoa(i64 %b)
  call void @ll_puts(i8* %s)
  ret i64 %b
}

define i64 @main() {
  %t1 = call i1 @transfer(i64 0, i64 1, i64 30)
  %t2 = call i1 @transfer(i64 1, i64 2, i64 100)
  %t3 = call i1 @transfer(i64 2, i64 0, i64 5)
  %t4 = call i1 @transfer(i64 1, i64 2, i64 50)
  %b0 = call i64 @show(i64 0)
  %b1 = call i64 @show(i64 1)
  %b2 = call i64 @show(i64 2)
  %s1 = add i64 %b0, %b1
  %total = add i64 %s1, %b2
  %n = load i64, i64* @refused
  %n1000 = mul i64 %n, 1000
  %r = add i64 %n1000, %total
  ret i64 %r
}
