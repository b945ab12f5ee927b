%s0 = type { i64, i64 (i64*)* }

@a0 = global i64 2
@a1 = global %s0 { i64 5895645351150669944, i64 (i64*)* @l1_1 }
@a2 = global [1 x i64] [i64 0]
@a3 = global %s0* @a1
@a4 = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l2_0
@g0 = global i64 1023
@g1 = global i64 -6
@str0 = global [2 x i8] c"c\00"
@str1 = global [5 x i8] c"kk6r\00"
@n0 = global %s0** null
@v0 = global { i64 }* bitcast (%s0* @a1 to { i64 }*)
@v1 = global { i64 }* bitcast (%s0* @a1 to { i64 }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0, i64 %p1) {
  %acc = alloca i64
  store i64 0, i64* %acc
  %v1 = alloca i8*
  %t2 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  store i8* %t2, i8** %v1
  %v3 = alloca %s0
  %t4 = getelementptr %s0, %s0* %v3, i64 0, i32 0
  store i64 14, i64* %t4
  %t5 = getelementptr %s0, %s0* %v3, i64 0, i32 1
  store i64 (i64*)* @l1_1, i64 (i64*)** %t5
  %t6 = load %s0*, %s0** @a3
  store i64 -9223372036854775808, i64* @g0
  %t7 = lshr i64 0, 23
  %t8 = icmp slt i64 %t7, 64
  br i1 %t8, label %b9, label %b10
b9:
  %t12 = load i64, i64* %acc
  %t13 = add i64 %t12, 961
  store i64 %t13, i64* %acc
  br label %b11
b10:
  %t14 = load i64, i64* %acc
  %t15 = xor i64 %t14, 523
  store i64 %t15, i64* %acc
  br label %b11
b11:
  %t16 = load i8*, i8** %v1
  call void @ll_puts(i8* %t16)
  %t17 = load i64, i64* %acc
  %t18 = sub i64 %t17, %p1
  store i64 %t18, i64* %acc
  %t19 = load i64, i64* %acc
  %t20 = ashr i64 %p0, 6
  %t21 = xor i64 %t19, %t20
  ret i64 %t21
}

define i64 @l0_1(i64 %p0, i64 %p1) {
  %acc = alloca i64
  store i64 %p0, i64* %acc
  %v1 = alloca i64
  store i64 64, i64* %v1
  %v2 = alloca i8*
  %t3 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  store i8* %t3, i8** %v2
  %v4 = alloca %s0
  %t5 = getelementptr %s0, %s0* %v4, i64 0, i32 0
  store i64 64, i64* %t5
  %t6 = getelementptr %s0, %s0* %v4, i64 0, i32 1
  store i64 (i64*)* @l1_1, i64 (i64*)** %t6
  %c12 = alloca i64
  store i64 0, i64* %c12
  %t7 = getelementptr %s0, %s0* %v4, i64 0, i32 0
  %t8 = load i64, i64* %t7
  %t9 = getelementptr [1 x i64], [1 x i64]* @a2, i64 0, i64 0
  %t10 = load i64, i64* %t9
  %t11 = and i64 %t10, 42
  store i64 %t11, i64* @g1
  call void @ll_puts(i8* %t3)
  %t13 = xor i64 -42, -8
  %t14 = and i64 %t13, 3
  store i64 0, i64* %c12
  br label %b15
b15:
  %t18 = load i64, i64* %c12
  %t19 = icmp slt i64 %t18, %t14
  br i1 %t19, label %b16, label %b17
b16:
  %t20 = load i64, i64* %acc
  %t21 = xor i64 %t20, -5314636120542303513
  store i64 %t21, i64* %acc
  %t22 = getelementptr i64, i64* %t9, i64 0
  %t23 = load i64, i64* %t22
  store i64 %t23, i64* %t7
  %t24 = and i64 %t8, 63
  %t25 = ashr i64 7, %t24
  %t26 = and i64 %t18, 63
  %t27 = lshr i64 %t25, %t26
  %t28 = load i64, i64* %acc
  %t29 = xor i64 %t28, %t27
  store i64 %t29, i64* %acc
  %t30 = load i64, i64* %c12
  %t31 = add i64 %t30, 1
  store i64 %t31, i64* %c12
  br label %b15
b17:
  store i64 %t11, i64* @g0
  %t32 = load i64, i64* %acc
  ret i64 %t32
}

define i64 @l1_0(i64* %p0) {
  %acc = alloca i64
  store i64 63, i64* %acc
  %v1 = alloca %s0*
  store %s0* @a1, %s0** %v1
  %v2 = alloca i64 (i64*)*
  store i64 (i64*)* @l1_1, i64 (i64*)** %v2
  %v3 = alloca %s0
  %t4 = getelementptr %s0, %s0* %v3, i64 0, i32 0
  store i64 4611686018427387905, i64* %t4
  %t5 = getelementptr %s0, %s0* %v3, i64 0, i32 1
  store i64 (i64*)* @l1_0, i64 (i64*)** %t5
  %t6 = load i64, i64* %acc
  ret i64 %t6
}

define i64 @l1_1(i64* %p0) {
  %acc = alloca i64
  store i64 -1, i64* %acc
  %v1 = alloca i64*
  store i64* @g1, i64** %v1
  %v2 = alloca [1 x i64]
  %t3 = getelementptr [1 x i64], [1 x i64]* %v2, i64 0, i64 0
  store i64 -23, i64* %t3
  %c4 = alloca i64
  store i64 0, i64* %c4
  %c22 = alloca i64
  store i64 0, i64* %c22
  %t5 = and i64 8581578090489797967, -1
  %t6 = and i64 %t5, 3
  store i64 0, i64* %c4
  br label %b7
b7:
  %t10 = load i64, i64* %c4
  %t11 = icmp slt i64 %t10, %t6
  br i1 %t11, label %b8, label %b9
b8:
  %t12 = load i64, i64* %p0
  %t13 = mul i64 %t12, 8388609
  %t14 = getelementptr [5 x i8], [5 x i8]* @str1, i64 0, i64 0
  call void @ll_puts(i8* %t14)
  %t15 = bitcast %s0* @a1 to { i64, i8* }*
  %t16 = getelementptr { i64, i8* }, { i64, i8* }* %t15, i64 0, i32 0
  %t17 = load i64, i64* %t16
  %t18 = load i64, i64* %acc
  %t19 = xor i64 %t18, %t17
  store i64 %t19, i64* %acc
  store i64 2790707219924677474, i64* %p0
  %t20 = load i64, i64* %c4
  %t21 = add i64 %t20, 1
  store i64 %t21, i64* %c4
  br label %b7
b9:
  %t23 = and i64 -48, 3
  store i64 0, i64* %c22
  br label %b24
b24:
  %t27 = load i64, i64* %c22
  %t28 = icmp slt i64 %t27, %t23
  br i1 %t28, label %b25, label %b26
b25:
  %t29 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t30 = load i64, i64* %t29
  %t31 = load i64, i64* @g1
  %t32 = mul i64 %t30, %t31
  %t33 = and i64 2199023255552, %t31
  %t34 = xor i64 %t32, %t33
  %t35 = call i8* @ll_ltoa(i64 %t34)
  call void @ll_puts(i8* %t35)
  %t36 = load i64, i64* %c22
  %t37 = add i64 %t36, 1
  store i64 %t37, i64* %c22
  br label %b24
b26:
  %t38 = load i64, i64* %acc
  ret i64 %t38
}

define i64 @l2_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 134217728, i64* %acc
  %v1 = alloca %s0**
  store %s0** @a3, %s0*** %v1
  %v2 = alloca i64*
  store i64* @g0, i64** %v2
  %t3 = load i64, i64* %acc
  %t4 = add i64 %t3, %p6
  %t5 = xor i64 %t4, %p7
  ret i64 %t5
}

define i64 @l2_1(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 %p3, i64* %acc
  %v1 = alloca %s0*
  store %s0* @a1, %s0** %v1
  %v2 = alloca i64*
  store i64* @g0, i64** %v2
  store %s0* @a1, %s0** %v1
  %t3 = load %s0*, %s0** @a3
  %t4 = getelementptr %s0, %s0* %t3, i64 0, i32 0
  store i64 %p0, i64* %t4
  store %s0** @a3, %s0*** @n0
  %t5 = icmp sge i64 %p5, %p5
  %t6 = icmp sge i64 %p1, %p2
  %t7 = icmp eq i1 %t5, %t6
  br i1 %t7, label %b8, label %b9
b8:
  %t11 = load i64, i64* %acc
  %t12 = add i64 %t11, 683
  store i64 %t12, i64* %acc
  br label %b10
b9:
  %t13 = load i64, i64* %acc
  %t14 = xor i64 %t13, 350
  store i64 %t14, i64* %acc
  br label %b10
b10:
  %t15 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  store i64 %p6, i64* %t15
  %t16 = load i64, i64* %acc
  %t17 = add i64 %t16, %p6
  %t18 = xor i64 %t17, %p7
  ret i64 %t18
}

define i64 @r0(i64 %p0, i64 %p1, i8* %p2) {
  %acc = alloca i64
  store i64 7, i64* %acc
  %v1 = alloca i64 (i64, i64, i64, i64, i64, i64, i64, i64)*
  store i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l2_0, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** %v1
  %t2 = icmp sle i64 %p0, 0
  br i1 %t2, label %b3, label %b4
b3:
  %t5 = load i64, i64* %acc
  ret i64 %t5
b4:
  %t6 = sub i64 %p0, 1
  %t7 = load i64 (i64, i64, i64, i64, i64, i64, i64, i64)*, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** %v1
  %t8 = getelementptr [1 x i64], [1 x i64]* @a2, i64 0, i64 0
  %t9 = load i64, i64* %t8
  %t10 = and i64 %t9, 63
  %t11 = shl i64 %p0, %t10
  %t12 = and i64 %t11, 0
  %t13 = getelementptr [1 x i64], [1 x i64]* @a2, i64 0, i64 %t12
  %t14 = load i64, i64* %t13
  %t15 = getelementptr [1 x i64], [1 x i64]* @a2, i64 0, i64 0
  %t16 = load i64, i64* %t15
  %t17 = sub i64 -1, %t16
  %t18 = and i64 %t11, %t14
  %t19 = ashr i64 %t14, 3
  %t20 = load i64, i64* @g0
  %t21 = shl i64 %t20, 22
  %t22 = call i64 @l2_0(i64 %t18, i64 %t17, i64 64, i64 %t19, i64 %t21, i64 %t10, i64 %t17, i64 %p1)
  %t23 = or i64 %t16, 3
  %t24 = load i64, i64* @g1
  %t25 = shl i64 %t24, 0
  %t26 = call i64 @l2_1(i64 %t17, i64 %t22, i64 %t23, i64 %t9, i64 63, i64 %t20, i64 %t25, i64 -20)
  %t27 = ashr i64 %t20, 27
  %t28 = getelementptr i64, i64* %t8, i64 0
  %t29 = load i64, i64* %t28
  %t30 = call i64 %t7(i64 %t14, i64 2, i64 %t10, i64 %p0, i64 %t26, i64 %t27, i64 -1, i64 %t29)
  %t31 = load i64, i64* %acc
  %t32 = sub i64 %t31, %t30
  store i64 %t32, i64* %acc
  %t33 = call i8* @ll_ltoa(i64 %t26)
  %t34 = call i64 @r0(i64 %t6, i64 268435455, i8* %t33)
  %t35 = load i64, i64* %acc
  %t36 = sub i64 %t35, %t34
  store i64 %t36, i64* %acc
  %t37 = load i64, i64* %acc
  ret i64 %t37
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 %argc, i64* %acc
  %v1 = alloca [1 x i64]*
  store [1 x i64]* @a2, [1 x i64]** %v1
  %t2 = add i64 %argc, %argc
  %t3 = getelementptr [1 x i64], [1 x i64]* @a2, i64 0, i64 0
  %t4 = load i64, i64* %t3
  %t5 = call i64 @l0_0(i64 %t2, i64 %t4)
  %t6 = load i64, i64* %acc
  %t7 = add i64 %t6, %t5
  store i64 %t7, i64* %acc
  %t8 = load i64, i64* @g0
  %t9 = load i64, i64* @g0
  %t10 = call i64 @l0_1(i64 %t8, i64 %t9)
  %t11 = load i64, i64* %acc
  %t12 = add i64 %t11, %t10
  store i64 %t12, i64* %acc
  %t13 = call i64 @l1_0(i64* @a0)
  %t14 = load i64, i64* %acc
  %t15 = xor i64 %t14, %t13
  store i64 %t15, i64* %acc
  %t16 = call i64 @l1_1(i64* @g0)
  %t17 = load i64, i64* %acc
  %t18 = add i64 %t17, %t16
  store i64 %t18, i64* %acc
  %t19 = xor i64 2, 8947680485970202376
  %t20 = lshr i64 %t19, 50
  %t21 = call i64 @l0_0(i64 %t16, i64 %t5)
  %t22 = call i64 @l2_0(i64 2, i64 %argc, i64 %t19, i64 %t9, i64 %t16, i64 42, i64 %t20, i64 %t21)
  %t23 = load i64, i64* %acc
  %t24 = add i64 %t23, %t22
  store i64 %t24, i64* %acc
  %t25 = mul i64 -9223372036854775808, %t2
  %t26 = or i64 %t19, %t2
  %t27 = getelementptr i64, i64* %t3, i64 0
  %t28 = load i64, i64* %t27
  %t29 = load i64, i64* @a0
  %t30 = call i64 @l2_1(i64 %argc, i64 %t22, i64 %t25, i64 %t26, i64 %t26, i64 %t28, i64 %t25, i64 %t29)
  %t31 = load i64, i64* %acc
  %t32 = xor i64 %t31, %t30
  store i64 %t32, i64* %acc
  %t33 = load i64, i64* %t3
  %t34 = and i64 %t33, 7
  %t35 = call i8* @ll_ltoa(i64 63)
  %t36 = call i64 @r0(i64 %t34, i64 %t4, i8* %t35)
  %t37 = load i64, i64* %acc
  %t38 = sub i64 %t37, %t36
  store i64 %t38, i64* %acc
  %t39 = load i64, i64* @g0
  %t40 = load i64, i64* %acc
  %t41 = sub i64 %t40, %t39
  store i64 %t41, i64* %acc
  %t42 = load i64, i64* @a0
  %t43 = load i64, i64* %acc
  %t44 = add i64 %t43, %t42
  store i64 %t44, i64* %acc
  %t45 = load i64, i64* @g0
  %t46 = load i64, i64* %acc
  %t47 = add i64 %t46, %t45
  store i64 %t47, i64* %acc
  %t48 = load i64, i64* %acc
  %t49 = call i8* @ll_ltoa(i64 %t48)
  call void @ll_puts(i8* %t49)
  ret i64 %t48
}
