%s0 = type { i64, %s0*, %s0*, [2 x i64] }

@a0 = global i64 63
@a1 = global %s0 { i64 2, %s0* @a1, %s0* @a1, [2 x i64] [i64 -1, i64 64] }
@a2 = global i64* @a0
@a3 = global %s0* @a1
@g0 = global i64 4611686018427387903
@g1 = global %s0* @a1
@str0 = global [10 x i8] c"9iLgDulya\00"
@str1 = global [6 x i8] c"W4Q0-\00"
@str2 = global [3 x i8] c"bi\00"
@v0 = global { i64 }* bitcast (%s0* @a1 to { i64 }*)
@v1 = global { i64 }* bitcast (%s0* @a1 to { i64 }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 -9223372036854775808, i64* %acc
  %v1 = alloca i1
  store i1 0, i1* %v1
  %t2 = getelementptr %s0, %s0* @a1, i64 0, i32 1
  %t3 = load i64, i64* %acc
  %t4 = add i64 %t3, %p6
  %t5 = xor i64 %t4, %p7
  ret i64 %t5
}

define i64 @l0_1(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 42, i64* %acc
  %v1 = alloca i64**
  store i64** @a2, i64*** %v1
  %v2 = alloca %s0
  %t3 = getelementptr %s0, %s0* %v2, i64 0, i32 0
  store i64 33554433, i64* %t3
  %t4 = getelementptr %s0, %s0* %v2, i64 0, i32 1
  store %s0* @a1, %s0** %t4
  %t5 = getelementptr %s0, %s0* %v2, i64 0, i32 2
  store %s0* %v2, %s0** %t5
  %t6 = getelementptr %s0, %s0* %v2, i64 0, i32 3, i64 0
  store i64 9223372036854775807, i64* %t6
  %t7 = getelementptr %s0, %s0* %v2, i64 0, i32 3, i64 1
  store i64 -8388680045903723445, i64* %t7
  %t8 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  %t9 = call i8* @ll_ltoa(i64 %p6)
  %t10 = call i8* @ll_strcat(i8* %t8, i8* %t9)
  call void @ll_puts(i8* %t10)
  %t11 = getelementptr %s0, %s0* @a1, i64 0, i32 3, i64 1
  %t12 = load i64, i64* %t11
  %t13 = load i64*, i64** @a2
  store i64* %t13, i64** @a2
  %t14 = add i64 -16, %p6
  %t15 = icmp sge i64 %t14, %p5
  br i1 %t15, label %b16, label %b17
b16:
  %t19 = load i64, i64* @g0
  %t20 = mul i64 255, %t19
  %t21 = load i64, i64* %acc
  %t22 = add i64 %t21, %t20
  store i64 %t22, i64* %acc
  %t23 = load i64, i64* %t13
  %t24 = load i64, i64* %acc
  %t25 = add i64 %t24, %t23
  store i64 %t25, i64* %acc
  %t26 = load i64, i64* %acc
  %t27 = xor i64 %t26, 2
  store i64 %t27, i64* %acc
  %t28 = load i64**, i64*** %v1
  store i64** %t28, i64*** %v1
  br label %b18
b17:
  br label %b18
b18:
  %t29 = load i64, i64* %acc
  %t30 = add i64 %t29, %p6
  %t31 = xor i64 %t30, %p7
  ret i64 %t31
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 31, i64* %acc
  %v1 = alloca i64**
  store i64** @a2, i64*** %v1
  %t2 = getelementptr %s0, %s0* @a1, i64 0, i32 3, i64 1
  %t3 = load i64, i64* %t2
  %t4 = load i64, i64* @g0
  %t5 = and i64 %t3, 63
  %t6 = shl i64 %t4, %t5
  %t7 = call i64 @l0_0(i64 %t3, i64 64, i64 0, i64 %t3, i64 %t3, i64 %t3, i64 63, i64 %t6)
  %t8 = load i64, i64* %acc
  %t9 = xor i64 %t8, %t7
  store i64 %t9, i64* %acc
  %t10 = and i64 %t5, %t4
  %t11 = and i64 14, %t6
  %t12 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t13 = load i64, i64* %t12
  %t14 = load i64, i64* @g0
  %t15 = load i64, i64* %t12
  %t16 = and i64 %t15, %t11
  %t17 = lshr i64 %t10, 5
  %t18 = load i64, i64* %t12
  %t19 = mul i64 2, %t18
  %t20 = and i64 %t6, 63
  %t21 = lshr i64 %t3, %t20
  %t22 = load i64, i64* %t12
  %t23 = load i64, i64* %t12
  %t24 = add i64 %t22, %t23
  %t25 = load i64, i64* %t12
  %t26 = call i64 @l0_1(i64 255, i64 %t7, i64 %t17, i64 %t4, i64 %t19, i64 %t21, i64 %t24, i64 %t25)
  %t27 = load i64, i64* @g0
  %t28 = load i64, i64* %t12
  %t29 = and i64 %t28, 63
  %t30 = shl i64 %t27, %t29
  %t31 = call i64 @l0_1(i64 %t10, i64 %t11, i64 %t13, i64 %t14, i64 %t16, i64 %t26, i64 %t30, i64 %t10)
  %t32 = load i64, i64* %acc
  %t33 = add i64 %t32, %t31
  store i64 %t33, i64* %acc
  %t34 = load i64, i64* %acc
  %t35 = call i8* @ll_ltoa(i64 %t34)
  call void @ll_puts(i8* %t35)
  ret i64 %t34
}
