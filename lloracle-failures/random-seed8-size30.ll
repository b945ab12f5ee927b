@a0 = global i64 1
@a1 = global [2 x i64] [i64 -22, i64 999163276097239630]
@a2 = global i64* @a0
@str0 = global [2 x i8] c" \00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %acc = alloca i64
  store i64 2, i64* %acc
  %v1 = alloca i64
  store i64 %p2, i64* %v1
  %v2 = alloca i64**
  store i64** @a2, i64*** %v2
  %v3 = alloca i64**
  store i64** @a2, i64*** %v3
  %t4 = load i64**, i64*** %v3
  store i64** %t4, i64*** %v2
  %t5 = load i64, i64* @a0
  store i64 %t5, i64* @a0
  %t6 = load i64, i64* @a0
  %t7 = sub i64 -5187201881374603161, %t6
  %t8 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  call void @ll_puts(i8* %t8)
  %t9 = load i64, i64* %acc
  %t10 = add i64 %t9, %p6
  ret i64 %t10
}

define i64 @l0_1(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %acc = alloca i64
  store i64 -5804172545466371569, i64* %acc
  %v1 = alloca i64*
  store i64* @a0, i64** %v1
  %v2 = alloca i8*
  %t3 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  store i8* %t3, i8** %v2
  %c10 = alloca i64
  store i64 0, i64* %c10
  %t4 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  %t5 = call i8* @ll_strcat(i8* %t4, i8* %t3)
  store i8* %t5, i8** %v2
  store i64* @a0, i64** @a2
  %t6 = load i64, i64* @a0
  %t7 = load i64, i64* %acc
  %t8 = xor i64 %t7, %t6
  store i64 %t8, i64* %acc
  %t9 = load i64*, i64** %v1
  %t11 = and i64 %p0, 3
  store i64 0, i64* %c10
  br label %b12
b12:
  %t15 = load i64, i64* %c10
  %t16 = icmp slt i64 %t15, %t11
  br i1 %t16, label %b13, label %b14
b13:
  %t17 = load i64, i64* %c10
  %t18 = add i64 %t17, 1
  store i64 %t18, i64* %c10
  br label %b12
b14:
  %t19 = load i64, i64* %acc
  %t20 = getelementptr [2 x i64], [2 x i64]* @a1, i64 0, i64 0
  %t21 = load i64, i64* %t20
  %t22 = xor i64 %t19, %t21
  %t23 = add i64 %t22, %p6
  ret i64 %t23
}

define i1 @f0() {
  %acc = alloca i64
  store i64 42, i64* %acc
  %v1 = alloca i64
  store i64 -37, i64* %v1
  %v2 = alloca i64
  store i64 35184372088832, i64* %v2
  ret i1 1
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 1, i64* %acc
  %v1 = alloca [2 x i64]
  %t2 = getelementptr [2 x i64], [2 x i64]* %v1, i64 0, i64 0
  store i64 7, i64* %t2
  %t3 = getelementptr [2 x i64], [2 x i64]* %v1, i64 0, i64 1
  store i64 4398046511105, i64* %t3
  %t4 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  call void @ll_puts(i8* %t4)
  %t5 = getelementptr [2 x i64], [2 x i64]* @a1, i64 0, i64 0
  %t6 = load i64, i64* %t5
  %t7 = load i64, i64* %acc
  %t8 = add i64 %t7, %t6
  store i64 %t8, i64* %acc
  %t9 = load i64, i64* @a0
  %t10 = and i64 %t6, %t9
  %t11 = xor i64 39, %t6
  %t12 = getelementptr [2 x i64], [2 x i64]* %v1, i64 0, i64 0
  %t13 = load i64, i64* %t12
  %t14 = call i64 @l0_0(i64 %t11, i64 -23, i64 42, i64 %t6, i64 549755813889, i64 9223372036854775807, i64 %t13)
  %t15 = call i64 @l0_0(i64 %t6, i64 64, i64 %t10, i64 %t10, i64 %t9, i64 %t6, i64 %t14)
  %t16 = load i64, i64* %acc
  %t17 = sub i64 %t16, %t15
  store i64 %t17, i64* %acc
  %t18 = load i64, i64* %t5
  %t19 = shl i64 %t18, 47
  %t20 = xor i64 %t15, %t19
  %t21 = getelementptr [2 x i64], [2 x i64]* @a1, i64 0, i64 1
  %t22 = load i64, i64* %t21
  %t23 = or i64 -48, 17
  %t24 = load i64, i64* %t21
  %t25 = call i64 @l0_1(i64 %t19, i64 -36, i64 %t20, i64 %t22, i64 %t22, i64 %t23, i64 %t24)
  %t26 = load i64, i64* %acc
  %t27 = sub i64 %t26, %t25
  store i64 %t27, i64* %acc
  %t28 = call i1 @f0()
  %t29 = getelementptr [2 x i64], [2 x i64]* @a1, i64 0, i64 0
  %t30 = load i64, i64* %t29
  %t31 = load i64, i64* %acc
  %t32 = sub i64 %t31, %t30
  store i64 %t32, i64* %acc
  %t33 = or i64 -9223372036854775808, %t10
  %t34 = and i64 %t33, 1
  %t35 = getelementptr [2 x i64], [2 x i64]* @a1, i64 0, i64 %t34
  %t36 = load i64, i64* %t35
  %t37 = load i64, i64* %acc
  %t38 = add i64 %t37, %t36
  store i64 %t38, i64* %acc
  %t39 = and i64 3, 1
  %t40 = getelementptr [2 x i64], [2 x i64]* @a1, i64 0, i64 %t39
  %t41 = load i64, i64* %t40
  %t42 = load i64, i64* %acc
  %t43 = xor i64 %t42, %t41
  store i64 %t43, i64* %acc
  %t44 = load i64, i64* %acc
  %t45 = call i8* @ll_ltoa(i64 %t44)
  call void @ll_puts(i8* %t45)
  ret i64 %t44
}
