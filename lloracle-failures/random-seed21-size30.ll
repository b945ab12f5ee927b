%s0 = type { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }

@a0 = global i64 -7346356983963407099
@a1 = global %s0 { i64 3, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* @l1_1, %s0* @a1 }
@a2 = global [4 x i64] [i64 -1, i64 -9223372036854775808, i64 -9223372036854775808, i64 -35]
@a3 = global [1 x %s0] [%s0 { i64 -20, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* @l1_0, %s0* @a1 }]
@a4 = global i64* @a0
@a5 = global %s0* @a1
@g0 = global %s0* @a1
@str0 = global [6 x i8] c"0TvoF\00"
@str1 = global [7 x i8] c"HLFFv7\00"
@v0 = global { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }* bitcast (%s0* @a1 to { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }*)
@v1 = global { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* }* bitcast (%s0* @a1 to { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i1 @l0_0() {
  %acc = alloca i64
  store i64 6861502036381125723, i64* %acc
  %v1 = alloca i64
  store i64 7, i64* %v1
  %t2 = load i64, i64* %v1
  %t3 = and i64 %t2, 63
  %t4 = ashr i64 %t2, %t3
  %t5 = load i64, i64* %v1
  %t6 = icmp ne i64 %t5, 7
  br i1 %t6, label %b7, label %b8
b7:
  br label %b9
b8:
  %t10 = load { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }*, { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }** @v0
  %t11 = getelementptr { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }, { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }* %t10, i64 0, i32 0
  %t12 = load i64, i64* %t11
  %t13 = load i64, i64* %acc
  %t14 = add i64 %t13, %t12
  store i64 %t14, i64* %acc
  %t15 = getelementptr { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }, { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, %s0* }* %t10, i64 0, i32 0
  %t16 = load i64, i64* %t15
  store i64 %t16, i64* %t11
  %t17 = load i64, i64* %v1
  %t18 = load i64, i64* %acc
  %t19 = add i64 %t18, %t17
  store i64 %t19, i64* %acc
  br label %b9
b9:
  %t20 = getelementptr %s0, %s0* @a1, i64 0, i32 1
  %t21 = load i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)** %t20
  %t22 = icmp eq i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* %t21, %t21
  br i1 %t22, label %b23, label %b24
b23:
  %t26 = load i64, i64* %acc
  %t27 = add i64 %t26, 180
  store i64 %t27, i64* %acc
  br label %b25
b24:
  %t28 = load i64, i64* %acc
  %t29 = xor i64 %t28, 769
  store i64 %t29, i64* %acc
  br label %b25
b25:
  ret i1 1
}

define i1 @l0_1() {
  %acc = alloca i64
  store i64 3, i64* %acc
  %c1 = alloca i64
  store i64 0, i64* %c1
  %t2 = load i64, i64* @a0
  %t3 = and i64 %t2, 3
  store i64 0, i64* %c1
  br label %b4
b4:
  %t7 = load i64, i64* %c1
  %t8 = icmp slt i64 %t7, %t3
  br i1 %t8, label %b5, label %b6
b5:
  %t9 = lshr i64 %t7, 10
  %t10 = mul i64 -40, %t7
  %t11 = sub i64 %t9, %t10
  %t12 = call i8* @ll_ltoa(i64 %t11)
  call void @ll_puts(i8* %t12)
  %t13 = bitcast %s0* @a1 to { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* }*
  %t14 = getelementptr { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* }, { i64, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* }* %t13, i64 0, i32 0
  %t15 = load i64, i64* %t14
  %t16 = load i64, i64* %acc
  %t17 = add i64 %t16, %t15
  store i64 %t17, i64* %acc
  %t18 = getelementptr [1 x %s0], [1 x %s0]* @a3, i64 0, i64 0, i32 0
  %t19 = load i64, i64* %t18
  %t20 = and i64 %t19, 3
  %t21 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 %t20
  %t22 = load i64, i64* %t21
  %t23 = and i64 17179869184, %t22
  %t24 = call i8* @ll_ltoa(i64 %t23)
  call void @ll_puts(i8* %t24)
  %t25 = xor i64 %t22, %t22
  store i64 %t25, i64* %t21
  %t26 = load i64, i64* %c1
  %t27 = add i64 %t26, 1
  store i64 %t27, i64* %c1
  br label %b4
b6:
  %t28 = getelementptr [6 x i8], [6 x i8]* @str0, i64 0, i64 0
  call void @ll_puts(i8* %t28)
  %t29 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t30 = load i64, i64* %t29
  %t31 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t32 = load i64, i64* %t31
  %t33 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 0
  %t34 = load i64, i64* %t33
  %t35 = add i64 %t32, %t34
  %t36 = load i64, i64* %t29
  %t37 = xor i64 %t35, %t36
  %t38 = load i64, i64* %acc
  %t39 = sub i64 %t38, %t37
  store i64 %t39, i64* %acc
  %t40 = icmp sge i64 %t30, 64
  ret i1 %t40
}

define i64 @l1_0(i64* %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 562949953421312, i64* %acc
  %v1 = alloca [1 x %s0]*
  store [1 x %s0]* @a3, [1 x %s0]** %v1
  %v2 = alloca i1
  store i1 1, i1* %v2
  %t3 = bitcast %s0* @a1 to { i64 }*
  %t4 = getelementptr { i64 }, { i64 }* %t3, i64 0, i32 0
  %t5 = load i64, i64* %t4
  %t6 = load i64, i64* %acc
  %t7 = sub i64 %t6, %t5
  store i64 %t7, i64* %acc
  br i1 1, label %b8, label %b9
b8:
  %t11 = getelementptr { i64 }, { i64 }* %t3, i64 0, i32 0
  %t12 = load i64, i64* %t11
  %t13 = lshr i64 %t12, 25
  %t14 = shl i64 %t13, 15
  %t15 = load i64, i64* %acc
  %t16 = add i64 %t15, %t14
  store i64 %t16, i64* %acc
  %t17 = load i64, i64* %t11
  %t18 = load i64, i64* %acc
  %t19 = xor i64 %t18, %t17
  store i64 %t19, i64* %acc
  %t20 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 1
  %t21 = load i64, i64* %t20
  %t22 = call i8* @ll_ltoa(i64 %t12)
  call void @ll_puts(i8* %t22)
  %t23 = getelementptr [6 x i8], [6 x i8]* @str0, i64 0, i64 0
  call void @ll_puts(i8* %t23)
  br label %b10
b9:
  %t24 = load i64, i64* @a0
  %t25 = load i64, i64* %p0
  %t26 = sub i64 %t24, %t25
  %t27 = icmp slt i64 -9223372036854775808, %t26
  br i1 %t27, label %b28, label %b29
b10:
  %t39 = load i64, i64* %acc
  %t40 = xor i64 %t39, %p5
  store i64 %t40, i64* %acc
  %t41 = call i8* @ll_ltoa(i64 %p4)
  call void @ll_puts(i8* %t41)
  %t42 = load i64, i64* %acc
  %t43 = getelementptr [1 x %s0], [1 x %s0]* @a3, i64 0, i64 0, i32 0
  %t44 = load i64, i64* %t43
  %t45 = and i64 %t44, 3
  %t46 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 %t45
  %t47 = load i64, i64* %t46
  %t48 = xor i64 %t42, %t47
  %t49 = add i64 %t48, %p6
  %t50 = xor i64 %t49, %p7
  ret i64 %t50
b28:
  %t31 = load i64, i64* %acc
  %t32 = add i64 %t31, 761
  store i64 %t32, i64* %acc
  br label %b30
b29:
  %t33 = load i64, i64* %acc
  %t34 = xor i64 %t33, 353
  store i64 %t34, i64* %acc
  br label %b30
b30:
  %t35 = ashr i64 %t25, 54
  %t36 = xor i64 %p7, 2773081829083453156
  %t37 = load i64, i64* %acc
  %t38 = sub i64 %t37, %t36
  store i64 %t38, i64* %acc
  br label %b10
}

define i64 @l1_1(i64* %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 7, i64* %acc
  %v1 = alloca [4 x i64]
  %t2 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 0
  store i64 0, i64* %t2
  %t3 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 1
  store i64 -1, i64* %t3
  %t4 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 2
  store i64 %p5, i64* %t4
  %t5 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 3
  store i64 536870913, i64* %t5
  %t6 = load i64, i64* %p0
  %t7 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 1
  %t8 = load i64, i64* %t7
  %t9 = and i64 %t8, 63
  %t10 = shl i64 %t6, %t9
  %t11 = and i64 %t10, 3
  %t12 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 %t11
  %t13 = load i64, i64* %t12
  %t14 = load i64, i64* %acc
  %t15 = xor i64 %t14, %t13
  store i64 %t15, i64* %acc
  %t16 = load i64, i64* %acc
  %t17 = xor i64 %t16, %p5
  %t18 = add i64 %t17, %p6
  %t19 = xor i64 %t18, %p7
  ret i64 %t19
}

define void @f0(%s0** %p0, %s0** %p1, i64* %p2) {
  %acc = alloca i64
  store i64 -9223372036854775808, i64* %acc
  %t1 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t2 = load i64, i64* %t1
  %t3 = load i64, i64* %t1
  %t4 = xor i64 %t2, %t3
  %t5 = or i64 %t4, -29
  %t6 = load i64, i64* %acc
  %t7 = xor i64 %t6, %t5
  store i64 %t7, i64* %acc
  ret void
}

define i64 @main() {
  %acc = alloca i64
  store i64 -1, i64* %acc
  %v1 = alloca i1
  store i1 0, i1* %v1
  %v2 = alloca i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*
  store i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* @l1_1, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)** %v2
  %v3 = alloca [1 x %s0]
  %t4 = getelementptr [1 x %s0], [1 x %s0]* %v3, i64 0, i64 0, i32 0
  store i64 6145620114113532752, i64* %t4
  %t5 = getelementptr [1 x %s0], [1 x %s0]* %v3, i64 0, i64 0, i32 1
  store i64 (i64*, i64, i64, i64, i64, i64, i64, i64)* @l1_0, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)** %t5
  %t6 = getelementptr [1 x %s0], [1 x %s0]* %v3, i64 0, i64 0, i32 2
  store %s0* @a1, %s0** %t6
  %t7 = call i1 @l0_0()
  %t8 = call i1 @l0_1()
  %t9 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 0
  %t10 = load i64, i64* %t9
  %t11 = xor i64 %t10, %t10
  %t12 = and i64 46, 63
  %t13 = shl i64 -6, %t12
  %t14 = and i64 %t11, 0
  %t15 = getelementptr [1 x %s0], [1 x %s0]* @a3, i64 0, i64 %t14, i32 0
  %t16 = load i64, i64* %t15
  %t17 = lshr i64 %t10, 52
  %t18 = getelementptr [1 x %s0], [1 x %s0]* @a3, i64 0, i64 0, i32 0
  %t19 = load i64, i64* %t18
  %t20 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t21 = load i64, i64* %t20
  %t22 = getelementptr [1 x %s0], [1 x %s0]* %v3, i64 0, i64 0, i32 0
  %t23 = load i64, i64* %t22
  %t24 = sub i64 %t21, %t23
  %t25 = load i64, i64* %t18
  %t26 = and i64 %t25, 3
  %t27 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 %t26
  %t28 = load i64, i64* %t27
  %t29 = ashr i64 -41, 57
  %t30 = call i64 @l1_1(i64* %t9, i64 38, i64 %t11, i64 %t24, i64 %t28, i64 %t28, i64 %t12, i64 %t29)
  %t31 = call i64 @l1_0(i64* @a0, i64 %t11, i64 %t13, i64 %t10, i64 %t16, i64 %t17, i64 %t19, i64 %t30)
  %t32 = load i64, i64* %acc
  %t33 = xor i64 %t32, %t31
  store i64 %t33, i64* %acc
  %t34 = load i64, i64* %t22
  %t35 = and i64 %t34, %t29
  %t36 = load i64 (i64*, i64, i64, i64, i64, i64, i64, i64)*, i64 (i64*, i64, i64, i64, i64, i64, i64, i64)** %v2
  %t37 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t38 = load i64, i64* %t37
  %t39 = getelementptr [1 x %s0], [1 x %s0]* %v3, i64 0, i64 0, i32 0
  %t40 = load i64, i64* %t39
  %t41 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t42 = load i64, i64* %t41
  %t43 = lshr i64 1, 60
  %t44 = call i64 %t36(i64* %t18, i64 %t38, i64 %t40, i64 %t35, i64 %t42, i64 %t28, i64 %t43, i64 3)
  %t45 = load i64, i64* %t37
  %t46 = xor i64 %t43, 9223372036854775807
  %t47 = call i64 @l1_1(i64* %t18, i64 %t35, i64 %t44, i64 63, i64 %t45, i64 %t11, i64 %t46, i64 %t46)
  %t48 = load i64, i64* %acc
  %t49 = sub i64 %t48, %t47
  store i64 %t49, i64* %acc
  call void @f0(%s0** @g0, %s0** @a5, i64* %t22)
  %t50 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t51 = load i64, i64* %t50
  %t52 = load i64, i64* %acc
  %t53 = xor i64 %t52, %t51
  store i64 %t53, i64* %acc
  %t54 = getelementptr [4 x i64], [4 x i64]* @a2, i64 0, i64 3
  %t55 = load i64, i64* %t54
  %t56 = and i64 %t55, 0
  %t57 = getelementptr [1 x %s0], [1 x %s0]* @a3, i64 0, i64 %t56, i32 0
  %t58 = load i64, i64* %t57
  %t59 = load i64, i64* %acc
  %t60 = add i64 %t59, %t58
  store i64 %t60, i64* %acc
  %t61 = load i64, i64* %acc
  %t62 = call i8* @ll_ltoa(i64 %t61)
  call void @ll_puts(i8* %t62)
  ret i64 %t61
}
