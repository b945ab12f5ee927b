@a0 = global i64 -12
@a1 = global [1 x i64] [i64 -1]
@a2 = global { i64, [1 x i64] } { i64 255, [1 x i64] [i64 33] }
@a3 = global [2 x i64] [i64 28, i64 1]
@a4 = global i64* @a0
@a5 = global void (i1)* @l0_1
@g0 = global void (i1)* @l0_1
@str0 = global [2 x i8] c"n\00"
@str1 = global [1 x i8] c"\00"
@v0 = global { i64 }* bitcast ({ i64, [1 x i64] }* @a2 to { i64 }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define void @l0_0(i1 %p0) {
  %acc = alloca i64
  store i64 25, i64* %acc
  %t1 = getelementptr [1 x i64], [1 x i64]* @a1, i64 0, i64 0
  %t2 = getelementptr [2 x i64], [2 x i64]* @a3, i64 0, i64 0
  %t3 = ashr i64 63, 35
  %t4 = load i64, i64* %acc
  %t5 = sub i64 %t4, %t3
  store i64 %t5, i64* %acc
  %t6 = getelementptr { i64, [1 x i64] }, { i64, [1 x i64] }* @a2, i64 0, i32 1
  %t7 = getelementptr [1 x i64], [1 x i64]* %t6, i64 0, i64 0
  %t8 = load i64, i64* %t7
  %t9 = xor i64 %t3, %t3
  %t10 = mul i64 %t8, %t9
  %t11 = call i8* @ll_ltoa(i64 %t10)
  call void @ll_puts(i8* %t11)
  ret void
}

define void @l0_1(i1 %p0) {
  %acc = alloca i64
  store i64 7, i64* %acc
  %v1 = alloca [1 x i64]*
  store [1 x i64]* @a1, [1 x i64]** %v1
  br i1 1, label %b2, label %b3
b2:
  %t5 = bitcast { i64, [1 x i64] }* @a2 to { i64, [1 x i64] }*
  %t6 = getelementptr { i64, [1 x i64] }, { i64, [1 x i64] }* %t5, i64 0, i32 0
  %t7 = load i64, i64* %t6
  %t8 = load i64, i64* %acc
  %t9 = xor i64 %t8, %t7
  store i64 %t9, i64* %acc
  %t10 = bitcast { i64, [1 x i64] }* %t5 to { i64 }*
  %t11 = getelementptr { i64 }, { i64 }* %t10, i64 0, i32 0
  %t12 = load i64, i64* %t11
  %t13 = load i64, i64* %acc
  %t14 = sub i64 %t13, %t12
  store i64 %t14, i64* %acc
  %t15 = load i64*, i64** @a4
  %t16 = icmp ne i64 7, 67108865
  br i1 %t16, label %b17, label %b18
b3:
  %t26 = load i64, i64* @a0
  %t27 = sub i64 %t26, %t26
  %t28 = sub i64 %t27, %t27
  %t29 = load i64, i64* %acc
  %t30 = xor i64 %t29, %t28
  store i64 %t30, i64* %acc
  %t31 = load i64, i64* %acc
  %t32 = sub i64 %t31, 42
  store i64 %t32, i64* %acc
  %t33 = load i64, i64* @a0
  %t34 = load i64, i64* %acc
  %t35 = xor i64 %t34, %t33
  store i64 %t35, i64* %acc
  br i1 0, label %b36, label %b37
b4:
  %t43 = load i64*, i64** @a4
  ret void
b17:
  %t20 = load i64, i64* %acc
  %t21 = add i64 %t20, 588
  store i64 %t21, i64* %acc
  br label %b19
b18:
  %t22 = load i64, i64* %acc
  %t23 = xor i64 %t22, 385
  store i64 %t23, i64* %acc
  br label %b19
b19:
  %t24 = load i64, i64* %t6
  %t25 = lshr i64 %t24, 27
  br label %b4
b36:
  %t39 = load i64, i64* %acc
  %t40 = add i64 %t39, 420
  store i64 %t40, i64* %acc
  br label %b38
b37:
  %t41 = load i64, i64* %acc
  %t42 = xor i64 %t41, 398
  store i64 %t42, i64* %acc
  br label %b38
b38:
  br label %b4
}

define i64 @r0a(i64 %p0, i64* %p1, void (i1)* %p2) {
  %acc = alloca i64
  store i64 -9223372036854775808, i64* %acc
  %v1 = alloca void (i1)*
  store void (i1)* %p2, void (i1)** %v1
  %v2 = alloca [1 x i64]*
  store [1 x i64]* @a1, [1 x i64]** %v2
  %v3 = alloca [1 x i64]
  %t4 = getelementptr [1 x i64], [1 x i64]* %v3, i64 0, i64 0
  store i64 6, i64* %t4
  %t5 = icmp sle i64 %p0, 0
  br i1 %t5, label %b6, label %b7
b6:
  %t8 = load i64, i64* %acc
  ret i64 %t8
b7:
  %t9 = sub i64 %p0, 1
  %t10 = load i64*, i64** @a4
  %t11 = call i64 @r0b(i64 %t9, i64** @a4, [1 x i64]* %v3, { i64, [1 x i64] }* @a2)
  %t12 = load i64, i64* %acc
  %t13 = add i64 %t12, %t11
  store i64 %t13, i64* %acc
  %t14 = load void (i1)*, void (i1)** @a5
  %t15 = icmp slt i64 48, 8589934591
  call void %t14(i1 %t15)
  %t16 = mul i64 2147483649, 6774631782590737426
  store i64 %t16, i64* @a0
  %t17 = load i64, i64* %acc
  ret i64 %t17
}

define i64 @r0b(i64 %p0, i64** %p1, [1 x i64]* %p2, { i64, [1 x i64] }* %p3) {
  %acc = alloca i64
  store i64 %p0, i64* %acc
  %v1 = alloca i64
  store i64 17592186044415, i64* %v1
  %v2 = alloca [1 x i64]
  %t3 = getelementptr [1 x i64], [1 x i64]* %v2, i64 0, i64 0
  store i64 7, i64* %t3
  %c9 = alloca i64
  store i64 0, i64* %c9
  %t4 = icmp sle i64 %p0, 0
  br i1 %t4, label %b5, label %b6
b5:
  %t7 = load i64, i64* %acc
  ret i64 %t7
b6:
  %t8 = sub i64 %p0, 1
  %t10 = getelementptr [1 x i64], [1 x i64]* %p2, i64 0, i64 0
  %t11 = load i64, i64* %t10
  %t12 = and i64 %t11, 3
  store i64 0, i64* %c9
  br label %b13
b13:
  %t16 = load i64, i64* %c9
  %t17 = icmp slt i64 %t16, %t12
  br i1 %t17, label %b14, label %b15
b14:
  %t18 = shl i64 144115188075855872, 26
  %t19 = load i64, i64* %acc
  %t20 = sub i64 %t19, %t18
  store i64 %t20, i64* %acc
  %t21 = load i64, i64* %c9
  %t22 = add i64 %t21, 1
  store i64 %t22, i64* %c9
  br label %b13
b15:
  %t23 = ashr i64 %p0, 54
  %t24 = icmp ne i64 %p0, %t23
  br i1 %t24, label %b25, label %b26
b25:
  %t28 = load i64*, i64** @a4
  call void @l0_0(i1 0)
  %t29 = icmp sle i64 255, 9007199254740992
  call void @l0_0(i1 %t29)
  %t30 = load i64, i64* %acc
  %t31 = sub i64 %t30, %t23
  store i64 %t31, i64* %acc
  store i64 %t11, i64* @a0
  br label %b27
b26:
  br label %b27
b27:
  br i1 %t24, label %b32, label %b33
b32:
  br label %b34
b33:
  br label %b34
b34:
  %t35 = load void (i1)*, void (i1)** @g0
  %t36 = call i64 @r0a(i64 %t8, i64* %v1, void (i1)* %t35)
  %t37 = load i64, i64* %acc
  %t38 = xor i64 %t37, %t36
  store i64 %t38, i64* %acc
  %t39 = load i64, i64* %acc
  ret i64 %t39
}

define i64 @f1([1 x i64]* %p0, i64* %p1) {
  %acc = alloca i64
  store i64 2, i64* %acc
  %v1 = alloca void (i1)**
  store void (i1)** @g0, void (i1)*** %v1
  %v2 = alloca [1 x i64]*
  store [1 x i64]* %p0, [1 x i64]** %v2
  %v3 = alloca [2 x i64]
  %t4 = getelementptr [2 x i64], [2 x i64]* %v3, i64 0, i64 0
  store i64 262144, i64* %t4
  %t5 = getelementptr [2 x i64], [2 x i64]* %v3, i64 0, i64 1
  store i64 -3507877491163201538, i64* %t5
  %t6 = load i64, i64* %acc
  %t7 = call i64 @r0b(i64 7, i64** @a4, [1 x i64]* @a1, { i64, [1 x i64] }* @a2)
  %t8 = xor i64 %t6, %t7
  ret i64 %t8
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 5864714523632084389, i64* %acc
  %v1 = alloca [2 x i64]
  %t2 = getelementptr [2 x i64], [2 x i64]* %v1, i64 0, i64 0
  store i64 %argc, i64* %t2
  %t3 = getelementptr [2 x i64], [2 x i64]* %v1, i64 0, i64 1
  store i64 9, i64* %t3
  %t4 = icmp eq [2 x i64]* @a3, %v1
  call void @l0_0(i1 %t4)
  %t5 = icmp ne { i64, [1 x i64] }* @a2, @a2
  call void @l0_1(i1 %t5)
  %t6 = and i64 1, 7
  %t7 = load void (i1)*, void (i1)** @a5
  %t8 = call i64 @r0a(i64 %t6, i64* @a0, void (i1)* %t7)
  %t9 = load i64, i64* %acc
  %t10 = xor i64 %t9, %t8
  store i64 %t10, i64* %acc
  %t11 = load i64*, i64** @a4
  %t12 = call i64 @f1([1 x i64]* @a1, i64* %t11)
  %t13 = and i64 %t12, 7
  %t14 = call i64 @r0b(i64 %t13, i64** @a4, [1 x i64]* @a1, { i64, [1 x i64] }* @a2)
  %t15 = load i64, i64* %acc
  %t16 = xor i64 %t15, %t14
  store i64 %t16, i64* %acc
  %t17 = load i64*, i64** @a4
  %t18 = call i64 @f1([1 x i64]* @a1, i64* %t17)
  %t19 = load i64, i64* %acc
  %t20 = xor i64 %t19, %t18
  store i64 %t20, i64* %acc
  %t21 = getelementptr [1 x i64], [1 x i64]* @a1, i64 0, i64 0
  %t22 = load i64, i64* %t21
  %t23 = load i64, i64* %acc
  %t24 = add i64 %t23, %t22
  store i64 %t24, i64* %acc
  %t25 = getelementptr [1 x i64], [1 x i64]* @a1, i64 0, i64 0
  %t26 = load i64, i64* %t25
  %t27 = load i64, i64* %acc
  %t28 = sub i64 %t27, %t26
  store i64 %t28, i64* %acc
  %t29 = getelementptr { i64, [1 x i64] }, { i64, [1 x i64] }* @a2, i64 0, i32 1, i64 0
  %t30 = load i64, i64* %t29
  %t31 = load i64, i64* %acc
  %t32 = add i64 %t31, %t30
  store i64 %t32, i64* %acc
  %t33 = load i64, i64* %acc
  ret i64 %t33
}
