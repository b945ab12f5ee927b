%s0 = type { i64 }
%s1 = type { %s0, %s1*, %s0, %s1* }

@a0 = global i64 48
@a1 = global %s0 { i64 9007199254740991 }
@a2 = global %s1 { %s0 { i64 64 }, %s1* @a2, %s0 { i64 -39 }, %s1* @a2 }
@a3 = global { %s1, i64 } { %s1 { %s0 { i64 1 }, %s1* @a2, %s0 { i64 64 }, %s1* @a2 }, i64 268435456 }
@a4 = global [2 x %s0] [%s0 { i64 3 }, %s0 { i64 3 }]
@a5 = global [2 x i64] [i64 -32, i64 -9223372036854775808]
@a6 = global i64* @a0
@a7 = global %s1* @a2
@a8 = global i64 (i64, i64, i64, i64, i64, i64, i64)* @l0_0
@str0 = global [1 x i8] c"\00"
@n0 = global { %s1, i64 }* null

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6) {
  %acc = alloca i64
  store i64 %p4, i64* %acc
  %t1 = load i64, i64* %acc
  %t2 = add i64 %t1, %p6
  ret i64 %t2
}

define i64 @f0() {
  %acc = alloca i64
  store i64 63, i64* %acc
  %v1 = alloca { %s1, i64 }*
  store { %s1, i64 }* @a3, { %s1, i64 }** %v1
  %v2 = alloca i1
  store i1 1, i1* %v2
  %v3 = alloca %s0
  %t4 = getelementptr %s0, %s0* %v3, i64 0, i32 0
  store i64 0, i64* %t4
  %t5 = getelementptr { %s1, i64 }, { %s1, i64 }* @a3, i64 0, i32 0
  %t6 = getelementptr %s1, %s1* %t5, i64 0, i32 0, i32 0
  %t7 = load i64, i64* %t6
  %t8 = shl i64 63, 31
  %t9 = sub i64 %t7, %t8
  %t10 = lshr i64 %t9, 5
  %t11 = call i64 @l0_0(i64 %t8, i64 %t9, i64 7, i64 0, i64 %t10, i64 %t7, i64 -9223372036854775808)
  %t12 = and i64 %t10, 1
  %t13 = getelementptr [2 x i64], [2 x i64]* @a5, i64 0, i64 %t12
  %t14 = load i64, i64* %t13
  %t15 = and i64 -9223372036854775808, %t14
  %t16 = add i64 %t9, %t14
  %t17 = call i64 @l0_0(i64 %t7, i64 %t7, i64 %t11, i64 %t15, i64 67108863, i64 %t16, i64 %t8)
  %t18 = load i64, i64* @a0
  %t19 = add i64 -28, 511
  %t20 = or i64 -50, %t9
  %t21 = getelementptr %s1, %s1* %t5, i64 0, i32 2, i32 0
  %t22 = load i64, i64* %t21
  %t23 = and i64 0, 63
  %t24 = shl i64 -24, %t23
  %t25 = call i64 @l0_0(i64 1125899906842625, i64 %t17, i64 %t18, i64 %t19, i64 %t20, i64 %t22, i64 %t24)
  %t26 = load i64, i64* %acc
  %t27 = add i64 %t26, %t25
  store i64 %t27, i64* %acc
  %t28 = getelementptr [2 x %s0], [2 x %s0]* @a4, i64 0, i64 0, i32 0
  %t29 = load i64, i64* %t28
  store i64 %t29, i64* %t6
  %t30 = load i64, i64* %t28
  %t31 = load i64, i64* %acc
  %t32 = xor i64 %t31, 29
  store i64 %t32, i64* %acc
  %t33 = load i64, i64* %acc
  ret i64 %t33
}

define i64 @f1(i64 %p0, %s1** %p1) {
  %acc = alloca i64
  store i64 63, i64* %acc
  %t1 = call i64 @f0()
  %t2 = lshr i64 %t1, 30
  %t3 = load i64, i64* %acc
  %t4 = add i64 %t3, %t2
  store i64 %t4, i64* %acc
  %t5 = getelementptr { %s1, i64 }, { %s1, i64 }* @a3, i64 0, i32 1
  store i64 %p0, i64* %t5
  %t6 = load i64, i64* %acc
  ret i64 %t6
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 %argc, i64* %acc
  %v1 = alloca i8*
  %t2 = getelementptr [1 x i8], [1 x i8]* @str0, i64 0, i64 0
  store i8* %t2, i8** %v1
  %v3 = alloca [2 x %s0]*
  store [2 x %s0]* @a4, [2 x %s0]** %v3
  %t4 = getelementptr { %s1, i64 }, { %s1, i64 }* @a3, i64 0, i32 0, i32 0, i32 0
  %t5 = load i64, i64* %t4
  %t6 = ashr i64 %t5, 46
  %t7 = xor i64 %t6, %argc
  %t8 = call i64 @l0_0(i64 %argc, i64 %t6, i64 3, i64 46, i64 %t7, i64 42, i64 -4600881032944862124)
  %t9 = load i64, i64* %acc
  %t10 = add i64 %t9, %t8
  store i64 %t10, i64* %acc
  %t11 = call i64 @f0()
  %t12 = load i64, i64* %acc
  %t13 = sub i64 %t12, %t11
  store i64 %t13, i64* %acc
  %t14 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t15 = load i64, i64* %t14
  %t16 = call i64 @f1(i64 %t15, %s1** @a7)
  %t17 = load i64, i64* %acc
  %t18 = add i64 %t17, %t16
  store i64 %t18, i64* %acc
  %t19 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t20 = load i64, i64* %t19
  %t21 = load i64, i64* %acc
  %t22 = add i64 %t21, %t20
  store i64 %t22, i64* %acc
  %t23 = getelementptr { %s1, i64 }, { %s1, i64 }* @a3, i64 0, i32 0, i32 0, i32 0
  %t24 = load i64, i64* %t23
  %t25 = load i64, i64* %acc
  %t26 = add i64 %t25, %t24
  store i64 %t26, i64* %acc
  %t27 = load i64, i64* %acc
  %t28 = call i8* @ll_ltoa(i64 %t27)
  call void @ll_puts(i8* %t28)
  ret i64 %t27
}
