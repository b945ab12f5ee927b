@a0 = global i64 9223372036854775807
@a1 = global { i64, [3 x i64] } { i64 47, [3 x i64] [i64 7475936245297992340, i64 -1, i64 1] }
@a2 = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l0_0
@g0 = global i64 45
@g1 = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l0_0
@str0 = global [8 x i8] c"UA5ncQL\00"
@str1 = global [11 x i8] c"awN58E4b_x\00"
@str2 = global [2 x i8] c"5\00"
@v0 = global { i64, [3 x i64] }* bitcast ({ i64, [3 x i64] }* @a1 to { i64, [3 x i64] }*)
@v1 = global { i64 }* bitcast ({ i64, [3 x i64] }* @a1 to { i64 }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 8634253430802284177, i64* %acc
  %t1 = and i64 %p1, 63
  %t2 = lshr i64 1, %t1
  %t3 = ashr i64 %t2, 51
  %t4 = load i64, i64* %acc
  %t5 = sub i64 %t4, %t3
  store i64 %t5, i64* %acc
  %t6 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* @a1, i64 0, i32 0
  %t7 = load i64, i64* %acc
  %t8 = xor i64 %p5, %p4
  %t9 = xor i64 %t7, %t8
  %t10 = add i64 %t9, %p6
  %t11 = xor i64 %t10, %p7
  ret i64 %t11
}

define i1 @l1_0() {
  %acc = alloca i64
  store i64 -8168270145211480053, i64* %acc
  %v1 = alloca i64*
  store i64* @g0, i64** %v1
  %v2 = alloca { i64, [3 x i64] }
  %t3 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 0
  store i64 -38, i64* %t3
  %t4 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 0
  store i64 1, i64* %t4
  %t5 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 1
  store i64 63, i64* %t5
  %t6 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 2
  store i64 511, i64* %t6
  %t7 = load i64, i64* @a0
  store i64 %t7, i64* @a0
  br i1 0, label %b8, label %b9
b8:
  %t11 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* @a1, i64 0, i32 1, i64 2
  %t12 = load i64, i64* %t11
  %t13 = load i64, i64* %t11
  %t14 = load i64, i64* @g0
  %t15 = call i8* @ll_ltoa(i64 %t14)
  call void @ll_puts(i8* %t15)
  %t16 = load i64, i64* @a0
  br label %b10
b9:
  br label %b10
b10:
  %t17 = icmp eq i64* @g0, @a0
  ret i1 %t17
}

define i1 @l1_1() {
  %acc = alloca i64
  store i64 63, i64* %acc
  %v1 = alloca i8*
  %t2 = getelementptr [2 x i8], [2 x i8]* @str2, i64 0, i64 0
  store i8* %t2, i8** %v1
  %v3 = alloca i1
  store i1 1, i1* %v3
  %t4 = load i64, i64* %acc
  %t5 = sub i64 %t4, 8193
  store i64 %t5, i64* %acc
  store i64 70368744177664, i64* @g0
  ret i1 1
}

define i64 @r0(i64 %p0, i1 ()* %p1, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** %p2, i1 ()* %p3) {
  %acc = alloca i64
  store i64 -41, i64* %acc
  %v1 = alloca i1
  store i1 1, i1* %v1
  %v2 = alloca i8*
  %t3 = getelementptr [2 x i8], [2 x i8]* @str2, i64 0, i64 0
  store i8* %t3, i8** %v2
  %v4 = alloca i1 ()*
  store i1 ()* @l1_0, i1 ()** %v4
  %c13 = alloca i64
  store i64 0, i64* %c13
  %t5 = icmp sle i64 %p0, 0
  br i1 %t5, label %b6, label %b7
b6:
  %t8 = load i64, i64* %acc
  %t9 = and i64 42, %p0
  %t10 = xor i64 %t8, %t9
  ret i64 %t10
b7:
  %t11 = sub i64 %p0, 1
  %t12 = load i64, i64* @a0
  %t14 = and i64 %t12, 3
  store i64 0, i64* %c13
  br label %b15
b15:
  %t18 = load i64, i64* %c13
  %t19 = icmp slt i64 %t18, %t14
  br i1 %t19, label %b16, label %b17
b16:
  %t20 = icmp eq i1* %v1, %v1
  br i1 %t20, label %b21, label %b22
b17:
  %t36 = load i1 ()*, i1 ()** %v4
  %t37 = call i64 @r0(i64 %t11, i1 ()* %t36, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** %p2, i1 ()* @l1_1)
  %t38 = load i64, i64* %acc
  %t39 = add i64 %t38, %t37
  store i64 %t39, i64* %acc
  %t40 = load i64, i64* %acc
  ret i64 %t40
b21:
  %t24 = load i64, i64* %acc
  %t25 = add i64 %t24, 102
  store i64 %t25, i64* %acc
  br label %b23
b22:
  %t26 = load i64, i64* %acc
  %t27 = xor i64 %t26, 724
  store i64 %t27, i64* %acc
  br label %b23
b23:
  %t28 = load i64, i64* %acc
  %t29 = xor i64 %t28, 7
  store i64 %t29, i64* %acc
  store i64 %t18, i64* @a0
  %t30 = load i64, i64* %acc
  %t31 = sub i64 %t30, 9223372036854775807
  store i64 %t31, i64* %acc
  store i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l0_0, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** %p2
  %t32 = load i64, i64* %acc
  %t33 = xor i64 %t32, -9223372036854775808
  store i64 %t33, i64* %acc
  %t34 = load i64, i64* %c13
  %t35 = add i64 %t34, 1
  store i64 %t35, i64* %c13
  br label %b15
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 %argc, i64* %acc
  %v1 = alloca i1
  store i1 1, i1* %v1
  %v2 = alloca { i64, [3 x i64] }
  %t3 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 0
  store i64 %argc, i64* %t3
  %t4 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 0
  store i64 -5, i64* %t4
  %t5 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 1
  store i64 63, i64* %t5
  %t6 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 2
  store i64 63, i64* %t6
  %t7 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 0
  %t8 = load i64, i64* %t7
  %t9 = and i64 -7228451562758861534, %t8
  %t10 = load i64, i64* @a0
  %t11 = load i64, i64* @a0
  %t12 = add i64 %t10, %t11
  %t13 = sub i64 %t8, %t12
  %t14 = load i64, i64* %acc
  %t15 = xor i64 %t14, %t13
  store i64 %t15, i64* %acc
  %t16 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* %v2, i64 0, i32 1, i64 0
  %t17 = load i64, i64* %t16
  %t18 = add i64 %t17, -5945062759071282738
  %t19 = load i64, i64* @g0
  %t20 = load i64, i64* %t16
  %t21 = ashr i64 %t20, 22
  %t22 = load i64, i64* @g0
  %t23 = and i64 %t21, %t22
  %t24 = call i64 @l0_0(i64 64, i64 %t18, i64 %t19, i64 %t21, i64 -17, i64 %t23, i64 %t21, i64 33554433)
  %t25 = load i64, i64* %acc
  %t26 = sub i64 %t25, %t24
  store i64 %t26, i64* %acc
  %t27 = call i1 @l1_0()
  %t28 = call i1 @l1_1()
  %t29 = call i64 @r0(i64 7, i1 ()* @l1_0, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** @g1, i1 ()* @l1_0)
  %t30 = load i64, i64* %acc
  %t31 = add i64 %t30, %t29
  store i64 %t31, i64* %acc
  %t32 = getelementptr { i64, [3 x i64] }, { i64, [3 x i64] }* @a1, i64 0, i32 0
  %t33 = load i64, i64* %t32
  %t34 = load i64, i64* %acc
  %t35 = sub i64 %t34, %t33
  store i64 %t35, i64* %acc
  %t36 = load i64, i64* %acc
  ret i64 %t36
}
