%s0 = type { %s0* }
%s1 = type { %s0* }

@a0 = global i64 -34
@a1 = global %s0 { %s0* @a1 }
@a2 = global %s1 { %s0* @a1 }
@a3 = global [4 x i64] [i64 42, i64 -49, i64 63, i64 -33]
@a4 = global [1 x i64] [i64 39]
@a5 = global i64* @a0
@a6 = global i64 (i1, i64)* @l0_1
@a7 = global i64 (i64*)* @l1_0
@g0 = global %s1 { %s0* @a1 }
@str0 = global [9 x i8] c"x_Zn-ZFb\00"
@str1 = global [9 x i8] c"278c9qt5\00"
@str2 = global [6 x i8] c"GMpx5\00"
@n0 = global i64 (i1, i64)** null
@v0 = global { %s0* }* bitcast (%s1* @g0 to { %s0* }*)
@v1 = global { %s0* }* bitcast (%s1* @a2 to { %s0* }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i1 %p0, i64 %p1) {
  %acc = alloca i64
  store i64 17179869183, i64* %acc
  %v1 = alloca i64**
  store i64** @a5, i64*** %v1
  %t2 = load i64, i64* %acc
  %t3 = xor i64 %t2, 7
  store i64 %t3, i64* %acc
  %t4 = load i64, i64* @a0
  %t5 = icmp eq i64 %t4, %t4
  %t6 = icmp eq i1 %t5, 1
  br i1 %t6, label %b7, label %b8
b7:
  %t10 = load i64, i64* %acc
  %t11 = add i64 %t10, 209
  store i64 %t11, i64* %acc
  br label %b9
b8:
  %t12 = load i64, i64* %acc
  %t13 = xor i64 %t12, 602
  store i64 %t13, i64* %acc
  br label %b9
b9:
  %t14 = ashr i64 -9223372036854775808, 29
  %t15 = add i64 -1, %t14
  %t16 = load i64, i64* %acc
  %t17 = sub i64 %t16, %t15
  store i64 %t17, i64* %acc
  %t18 = load { %s0* }*, { %s0* }** @v0
  %t19 = or i64 0, %t4
  %t20 = load i64, i64* @a0
  %t21 = or i64 %t20, %t14
  %t22 = and i64 %t21, 63
  %t23 = ashr i64 %t19, %t22
  %t24 = load i64, i64* %acc
  %t25 = and i64 %t20, 0
  %t26 = getelementptr [1 x i64], [1 x i64]* @a4, i64 0, i64 %t25
  %t27 = load i64, i64* %t26
  %t28 = xor i64 %t24, %t27
  ret i64 %t28
}

define i64 @l0_1(i1 %p0, i64 %p1) {
  %acc = alloca i64
  store i64 %p1, i64* %acc
  %v1 = alloca [4 x i64]*
  store [4 x i64]* @a3, [4 x i64]** %v1
  %v2 = alloca [4 x i64]*
  store [4 x i64]* @a3, [4 x i64]** %v2
  %t3 = getelementptr [4 x i64], [4 x i64]* @a3, i64 0, i64 0
  %t4 = load i64, i64* %t3
  %t5 = mul i64 %t4, %p1
  %t6 = load i64, i64* %acc
  %t7 = sub i64 %t6, %t5
  store i64 %t7, i64* %acc
  %t8 = icmp ne i64* %t3, @a0
  %t9 = icmp eq i1 %t8, %t8
  br i1 %t9, label %b10, label %b11
b10:
  store [4 x i64]* @a3, [4 x i64]** %v2
  %t13 = and i64 %t4, 63
  %t14 = lshr i64 %t4, %t13
  %t15 = call i8* @ll_ltoa(i64 %t14)
  call void @ll_puts(i8* %t15)
  br label %b12
b11:
  %t16 = bitcast [4 x i64]** %v2 to i8*
  %t17 = bitcast i8* %t16 to [4 x i64]**
  %t18 = getelementptr [4 x i64], [4 x i64]* @a3, i64 0, i64 3
  %t19 = load i64, i64* %t18
  %t20 = load i64, i64* %acc
  %t21 = sub i64 %t20, %t19
  store i64 %t21, i64* %acc
  br label %b12
b12:
  %t22 = load i64, i64* %acc
  ret i64 %t22
}

define i64 @l1_0(i64* %p0) {
  %acc = alloca i64
  store i64 6850996900459515290, i64* %acc
  %v1 = alloca [4 x i64]
  %t2 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 0
  store i64 255, i64* %t2
  %t3 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 1
  store i64 1099511627777, i64* %t3
  %t4 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 2
  store i64 8, i64* %t4
  %t5 = getelementptr [4 x i64], [4 x i64]* %v1, i64 0, i64 3
  store i64 9223372036854775807, i64* %t5
  %t6 = load i64, i64* %acc
  %t7 = add i64 %t6, 64
  store i64 %t7, i64* %acc
  %t8 = load i64, i64* %acc
  %t9 = add i64 %t8, 4398046511103
  store i64 %t9, i64* %acc
  br i1 0, label %b10, label %b11
b10:
  %t13 = load i64, i64* %acc
  %t14 = add i64 %t13, 197
  store i64 %t14, i64* %acc
  br label %b12
b11:
  %t15 = load i64, i64* %acc
  %t16 = xor i64 %t15, 661
  store i64 %t16, i64* %acc
  br label %b12
b12:
  %t17 = load { %s0* }*, { %s0* }** @v1
  %t18 = getelementptr [6 x i8], [6 x i8]* @str2, i64 0, i64 0
  call void @ll_puts(i8* %t18)
  br i1 1, label %b19, label %b20
b19:
  %t22 = load i64, i64* @a0
  %t23 = and i64 64, %t22
  %t24 = load i64, i64* %acc
  %t25 = xor i64 %t24, %t23
  store i64 %t25, i64* %acc
  br label %b21
b20:
  %t26 = getelementptr { %s0* }, { %s0* }* %t17, i64 0, i32 0
  br label %b21
b21:
  %t27 = load i64, i64* %acc
  ret i64 %t27
}

define i1 @f0(i64 (i64*)** %p0, i64 %p1) {
  %acc = alloca i64
  store i64 7, i64* %acc
  %v1 = alloca [1 x i64]*
  store [1 x i64]* @a4, [1 x i64]** %v1
  %v2 = alloca i64**
  store i64** @a5, i64*** %v2
  %v3 = alloca %s0
  %t4 = getelementptr %s0, %s0* %v3, i64 0, i32 0
  store %s0* @a1, %s0** %t4
  %t5 = call i8* @ll_ltoa(i64 63)
  call void @ll_puts(i8* %t5)
  ret i1 1
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 %argc, i64* %acc
  %v1 = alloca %s0*
  store %s0* @a1, %s0** %v1
  %v2 = alloca i64*
  store i64* @a0, i64** %v2
  %t3 = load %s0*, %s0** %v1
  store %s0* %t3, %s0** %v1
  %t4 = load i64 (i1, i64)**, i64 (i1, i64)*** @n0
  %t5 = icmp ne i64 (i1, i64)** %t4, @a6
  %t6 = getelementptr [4 x i64], [4 x i64]* @a3, i64 0, i64 3
  %t7 = load i64, i64* %t6
  %t8 = sub i64 %t7, %t7
  %t9 = call i64 @l0_0(i1 %t5, i64 %t8)
  %t10 = load i64, i64* %acc
  %t11 = add i64 %t10, %t9
  store i64 %t11, i64* %acc
  %t12 = call i64 @l0_1(i1 1, i64 22)
  %t13 = load i64, i64* %acc
  %t14 = add i64 %t13, %t12
  store i64 %t14, i64* %acc
  %t15 = call i64 @l1_0(i64* %t6)
  %t16 = load i64, i64* %acc
  %t17 = add i64 %t16, %t15
  store i64 %t17, i64* %acc
  %t18 = or i64 -29, %t12
  %t19 = call i1 @f0(i64 (i64*)** @a7, i64 %t18)
  %t20 = load i64, i64* %acc
  %t21 = call i8* @ll_ltoa(i64 %t20)
  call void @ll_puts(i8* %t21)
  ret i64 %t20
}
