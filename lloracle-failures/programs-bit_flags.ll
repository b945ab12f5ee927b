declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)

define i64 @set(i64 %flags, i64 %bit) {
  %m = shl i64 1, %bit
  %r = or i64 %flags, %m
  ret i64 %r
}

define i64 @test(i64 %flags, i64 %bit) {
  %s = lshr i64 %flags, %bit
  %r = and i64 %s, 1
  ret i64 %r
}

define i64 @clear(i64 %flags, i64 %bit) {
  %m = shl i64 1, %bit
  %notm = xor i64 %m, -1
  %r = and i64 %flags, %notm
  ret i64 %r
}

define i64 @toggle(i64 %flags, i64 %bit) {
  %m = shl i64 1, %bit
  %r = xor i64 %flags, %m
  ret i64 %r
}

define void @print(i64 %v) {
  %s = call i8* @ll_ltoa(i64 %v)
  call void @ll_puts(i8* %s)
  ret void
}

define i64 @main() {
  %f1 = call i64 @set(i64 0, i64 3)
  %f2 = call i64 @set(i64 %f1, i64 5)
  %f3 = call i64 @set(i64 %f2, i64 0)
  %t5 = call i64 @test(i64 %f3, i64 5)
  %t4 = call i64 @test(i64 %f3, i64 4)
  %f4 = call i64 @clear(i64 %f3, i64 3)
  %f5 = call i64 @toggle(i64 %f4, i64 1)
  %a = ashr i64 -7, 1
  call void @print(i64 %a)
  %b = lshr i64 -1, 60
  call void @print(i64 %b)
  %c = shl i64 1, 63
  call void @print(i64 %c)
  %n1 = shl i64 3, 4
  %n2 = or i64 %n1, 5
  %n3 = shl i64 %n2, 4
  %n4 = or i64 %n3, 7
  %h = xor i64 %n4, 255
  call void @print(i64 %h)
  %t5h = mul i64 %t5, 100
  %t4k = mul i64 %t4, 1000
  %s1 = add i64 %f5, %t5h
  %s2 = add i64 %s1, %t4k
  ret i64 %s2
}
