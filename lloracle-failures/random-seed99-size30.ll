%s0 = type { void (i64*)* }
%s1 = type { i64, %s0 }

@a0 = global i64 -17
@a1 = global %s0 { void (i64*)* @l0_0 }
@a2 = global %s1 { i64 576460752303423488, %s0 { void (i64*)* @l0_0 } }
@a3 = global i64* @a0
@a4 = global void (i64*)* @l0_0
@a5 = global i64 (%s0*, i64, i64, i64, i64, i64, i64)* @l2_1
@g0 = global void (i64*)* @l0_0
@g1 = global %s1 { i64 -22, %s0 { void (i64*)* @l0_0 } }
@str0 = global [10 x i8] c"Y3s8cY98K\00"
@n0 = global i64 (%s0*, i64, i64, i64, i64, i64, i64)** null
@v0 = global { i64 }* bitcast (%s1* @a2 to { i64 }*)
@v1 = global { i64 }* bitcast (%s1* @a2 to { i64 }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define void @l0_0(i64* %p0) {
  %acc = alloca i64
  store i64 10, i64* %acc
  %v1 = alloca %s0*
  store %s0* @a1, %s0** %v1
  %v2 = alloca i64**
  store i64** @a3, i64*** %v2
  %v3 = alloca %s1
  %t4 = getelementptr %s1, %s1* %v3, i64 0, i32 0
  store i64 255, i64* %t4
  %t5 = getelementptr %s1, %s1* %v3, i64 0, i32 1, i32 0
  store void (i64*)* @l0_0, void (i64*)** %t5
  %t6 = bitcast %s1* @g1 to { i64 }*
  %t7 = getelementptr { i64 }, { i64 }* %t6, i64 0, i32 0
  %t8 = load i64, i64* %t7
  %t9 = load i64, i64* %acc
  %t10 = sub i64 %t9, %t8
  store i64 %t10, i64* %acc
  br i1 1, label %b11, label %b12
b11:
  %t14 = load i64, i64* %acc
  %t15 = add i64 %t14, 225
  store i64 %t15, i64* %acc
  br label %b13
b12:
  %t16 = load i64, i64* %acc
  %t17 = xor i64 %t16, 775
  store i64 %t17, i64* %acc
  br label %b13
b13:
  %t18 = load i64, i64* %acc
  %t19 = sub i64 %t18, 2
  store i64 %t19, i64* %acc
  %t20 = getelementptr { i64 }, { i64 }* %t6, i64 0, i32 0
  %t21 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  call void @ll_puts(i8* %t21)
  ret void
}

define i64 @l1_0() {
  %acc = alloca i64
  store i64 -4, i64* %acc
  %v1 = alloca %s1*
  store %s1* @a2, %s1** %v1
  %v2 = alloca void (i64*)**
  store void (i64*)** @g0, void (i64*)*** %v2
  %v3 = alloca void (i64*)**
  store void (i64*)** @a4, void (i64*)*** %v3
  %v4 = alloca %s0
  %t5 = getelementptr %s0, %s0* %v4, i64 0, i32 0
  store void (i64*)* @l0_0, void (i64*)** %t5
  %t6 = getelementptr %s1, %s1* @g1, i64 0, i32 0
  %t7 = load i64, i64* %t6
  %t8 = icmp sle i64 %t7, 2
  %t9 = icmp ne i1 1, %t8
  br i1 %t9, label %b10, label %b11
b10:
  %t13 = xor i64 %t7, 513
  %t14 = and i64 2, %t13
  %t15 = load i64, i64* %acc
  %t16 = xor i64 %t15, %t14
  store i64 %t16, i64* %acc
  %t17 = load i64, i64* %acc
  %t18 = xor i64 %t17, 42
  store i64 %t18, i64* %acc
  %t19 = getelementptr %s1, %s1* @a2, i64 0, i32 0
  %t20 = load i64, i64* %t19
  br label %b12
b11:
  %t21 = load i64*, i64** @a3
  %t22 = load i64 (%s0*, i64, i64, i64, i64, i64, i64)*, i64 (%s0*, i64, i64, i64, i64, i64, i64)** @a5
  store i64 (%s0*, i64, i64, i64, i64, i64, i64)* %t22, i64 (%s0*, i64, i64, i64, i64, i64, i64)** @a5
  br i1 %t8, label %b23, label %b24
b12:
  %t34 = load i64, i64* %acc
  %t35 = getelementptr %s1, %s1* @a2, i64 0, i32 0
  %t36 = load i64, i64* %t35
  %t37 = xor i64 %t34, %t36
  ret i64 %t37
b23:
  %t26 = load i64, i64* %acc
  %t27 = add i64 %t26, 515
  store i64 %t27, i64* %acc
  br label %b25
b24:
  %t28 = load i64, i64* %acc
  %t29 = xor i64 %t28, 931
  store i64 %t29, i64* %acc
  br label %b25
b25:
  %t30 = load i64, i64* @a0
  %t31 = load i64, i64* %acc
  %t32 = sub i64 %t31, %t30
  store i64 %t32, i64* %acc
  %t33 = getelementptr %s1, %s1* @a2, i64 0, i32 1
  br label %b12
}

define i64 @l2_0(%s0* %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %acc = alloca i64
  store i64 -15, i64* %acc
  %v1 = alloca %s0*
  store %s0* %p0, %s0** %v1
  br i1 0, label %b2, label %b3
b2:
  %t5 = call i8* @ll_ltoa(i64 %p4)
  call void @ll_puts(i8* %t5)
  %t6 = getelementptr %s1, %s1* @g1, i64 0, i32 0
  store i64 3935463628866202645, i64* %t6
  %t7 = load i64, i64* @a0
  %t8 = getelementptr %s1, %s1* @a2, i64 0, i32 0
  %t9 = load i64, i64* %t8
  %t10 = sub i64 %t7, %t9
  %t11 = call i8* @ll_ltoa(i64 %t10)
  call void @ll_puts(i8* %t11)
  br i1 1, label %b12, label %b13
b3:
  %t24 = load i64, i64* %acc
  %t25 = add i64 %t24, %p5
  store i64 %t25, i64* %acc
  %t26 = load i64*, i64** @a3
  store i64* %t26, i64** @a3
  br label %b4
b4:
  %t27 = getelementptr %s1, %s1* @g1, i64 0, i32 0
  %t28 = load i64, i64* %t27
  %t29 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t30 = load i64 (%s0*, i64, i64, i64, i64, i64, i64)**, i64 (%s0*, i64, i64, i64, i64, i64, i64)*** @n0
  %t31 = icmp eq i64 (%s0*, i64, i64, i64, i64, i64, i64)** %t30, @a5
  br i1 %t31, label %b32, label %b33
b12:
  %t15 = load i64, i64* %acc
  %t16 = add i64 %t15, 777
  store i64 %t16, i64* %acc
  br label %b14
b13:
  %t17 = load i64, i64* %acc
  %t18 = xor i64 %t17, 746
  store i64 %t18, i64* %acc
  br label %b14
b14:
  %t19 = load i64, i64* %acc
  %t20 = sub i64 %t19, %p2
  store i64 %t20, i64* %acc
  %t21 = call i8* @ll_ltoa(i64 -2575267992761770724)
  %t22 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  %t23 = call i8* @ll_strcat(i8* %t21, i8* %t22)
  call void @ll_puts(i8* %t23)
  br label %b4
b32:
  %t35 = xor i64 %p2, 68719476735
  %t36 = and i64 %t35, 63
  %t37 = ashr i64 -19, %t36
  %t38 = load i64, i64* %acc
  %t39 = xor i64 %t38, %t37
  store i64 %t39, i64* %acc
  %t40 = call i8* @ll_ltoa(i64 %p3)
  call void @ll_puts(i8* %t40)
  %t41 = shl i64 %t35, 11
  %t42 = load i64, i64* %acc
  %t43 = sub i64 %t42, %t41
  store i64 %t43, i64* %acc
  %t44 = load i64, i64* %acc
  %t45 = sub i64 %t44, %p3
  store i64 %t45, i64* %acc
  %t46 = load void (i64*)*, void (i64*)** %t29
  store void (i64*)* %t46, void (i64*)** @a4
  br label %b34
b33:
  %t47 = load { i64 }*, { i64 }** @v0
  %t48 = getelementptr { i64 }, { i64 }* %t47, i64 0, i32 0
  %t49 = load i64, i64* %t48
  %t50 = load i64, i64* %acc
  %t51 = xor i64 %t50, %t49
  store i64 %t51, i64* %acc
  br label %b34
b34:
  %t52 = load i64, i64* %acc
  %t53 = add i64 %t52, %p6
  ret i64 %t53
}

define i64 @l2_1(%s0* %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %acc = alloca i64
  store i64 64, i64* %acc
  %v1 = alloca i64
  store i64 %p5, i64* %v1
  %t2 = load i64, i64* %acc
  %t3 = sub i64 %t2, 1
  store i64 %t3, i64* %acc
  br i1 1, label %b4, label %b5
b4:
  br label %b6
b5:
  %t7 = load i64, i64* %acc
  %t8 = sub i64 %t7, %p4
  store i64 %t8, i64* %acc
  %t9 = getelementptr %s0, %s0* %p0, i64 0, i32 0
  %t10 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t11 = load void (i64*)*, void (i64*)** %t10
  store void (i64*)* %t11, void (i64*)** %t9
  %t12 = getelementptr %s1, %s1* @a2, i64 0, i32 1, i32 0
  %t13 = load void (i64*)*, void (i64*)** %t12
  store void (i64*)* %t13, void (i64*)** %t9
  br label %b6
b6:
  %t14 = shl i64 %p5, 13
  %t15 = sub i64 %t14, %t14
  %t16 = load i64, i64* %acc
  %t17 = add i64 %t16, %t15
  store i64 %t17, i64* %acc
  %t18 = load i64*, i64** @a3
  %t19 = load i64, i64* %acc
  %t20 = xor i64 %t19, -36
  %t21 = add i64 %t20, %p6
  ret i64 %t21
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 %argc, i64* %acc
  %v1 = alloca i8*
  %t2 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  store i8* %t2, i8** %v1
  %v3 = alloca %s1
  %t4 = getelementptr %s1, %s1* %v3, i64 0, i32 0
  store i64 9223372036854775807, i64* %t4
  %t5 = getelementptr %s1, %s1* %v3, i64 0, i32 1, i32 0
  store void (i64*)* @l0_0, void (i64*)** %t5
  %t6 = call i64 @l1_0()
  %t7 = load i64, i64* %acc
  %t8 = sub i64 %t7, %t6
  store i64 %t8, i64* %acc
  store i64 (%s0*, i64, i64, i64, i64, i64, i64)** @a5, i64 (%s0*, i64, i64, i64, i64, i64, i64)*** @n0
  call void @l0_0(i64* @a0)
  %t9 = call i64 @l1_0()
  %t10 = load i64, i64* %acc
  %t11 = add i64 %t10, %t9
  store i64 %t11, i64* %acc
  %t12 = getelementptr %s1, %s1* @g1, i64 0, i32 0
  %t13 = load i64, i64* %t12
  %t14 = call i64 @l1_0()
  %t15 = getelementptr %s1, %s1* @g1, i64 0, i32 0
  %t16 = load i64, i64* %t15
  %t17 = call i64 @l2_0(%s0* @a1, i64 %argc, i64 %t6, i64 %t6, i64 %t13, i64 %t14, i64 %t16)
  %t18 = load i64, i64* %acc
  %t19 = add i64 %t18, %t17
  store i64 %t19, i64* %acc
  %t20 = and i64 %t13, 63
  %t21 = ashr i64 %t14, %t20
  %t22 = load i64, i64* @a0
  %t23 = add i64 %t22, 255
  %t24 = getelementptr %s1, %s1* %v3, i64 0, i32 0
  %t25 = load i64, i64* %t24
  %t26 = load i64, i64* %t24
  %t27 = xor i64 %t26, 1
  %t28 = load i64, i64* %t12
  %t29 = call i64 @l2_0(%s0* @a1, i64 %t25, i64 3, i64 %t23, i64 %t27, i64 255, i64 %t28)
  %t30 = load i64, i64* %t24
  %t31 = call i64 @l2_1(%s0* @a1, i64 %t21, i64 %t13, i64 %t23, i64 %t29, i64 25, i64 %t30)
  %t32 = load i64, i64* %acc
  %t33 = xor i64 %t32, %t31
  store i64 %t33, i64* %acc
  %t34 = load i64, i64* @a0
  %t35 = load i64, i64* %acc
  %t36 = add i64 %t35, %t34
  store i64 %t36, i64* %acc
  %t37 = load i64, i64* @a0
  %t38 = load i64, i64* %acc
  %t39 = xor i64 %t38, %t37
  store i64 %t39, i64* %acc
  %t40 = load i64, i64* @a0
  %t41 = load i64, i64* %acc
  %t42 = xor i64 %t41, %t40
  store i64 %t42, i64* %acc
  %t43 = load i64, i64* %acc
  ret i64 %t43
}
