%s0 = type { %s0*, i1 }

@a0 = global i64 9
@a1 = global %s0 { %s0* @a1, i1 1 }
@a2 = global i64* @a0
@a3 = global %s0* @a1
@a4 = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l2_0
@g0 = global %s0* @a1
@g1 = global i64 -1
@str0 = global [2 x i8] c"f\00"
@v0 = global { %s0* }* bitcast (%s0* @a1 to { %s0* }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0) {
  %acc = alloca i64
  store i64 %p0, i64* %acc
  %v1 = alloca i8*
  %t2 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  store i8* %t2, i8** %v1
  %t3 = load i64, i64* @a0
  %t4 = load i64, i64* @g1
  %t5 = or i64 %t3, %t4
  %t6 = sub i64 %t4, 63
  %t7 = and i64 %t5, %t6
  %t8 = load i64, i64* %acc
  %t9 = add i64 %t8, %t7
  store i64 %t9, i64* %acc
  %t10 = getelementptr %s0, %s0* @a1, i64 0, i32 1
  %t11 = load i64, i64* @g1
  %t12 = and i64 %t11, %t6
  %t13 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  call void @ll_puts(i8* %t13)
  %t14 = load i64 (i64, i64, i64, i64, i64, i64, i64, i64)*, i64 (i64, i64, i64, i64, i64, i64, i64, i64)** @a4
  %t15 = icmp eq i64 (i64, i64, i64, i64, i64, i64, i64, i64)* %t14, @l2_0
  br i1 %t15, label %b16, label %b17
b16:
  %t19 = bitcast %s0* @a1 to { %s0* }*
  %t20 = bitcast %s0* @a1 to { i8*, i1 }*
  %t21 = getelementptr { i8*, i1 }, { i8*, i1 }* %t20, i64 0, i32 1
  %t22 = load i1, i1* %t21
  br label %b18
b17:
  %t23 = ashr i64 16777215, 15
  %t24 = sub i64 %t7, %t23
  %t25 = load i64, i64* %acc
  %t26 = sub i64 %t25, %t24
  store i64 %t26, i64* %acc
  %t27 = load i64, i64* @a0
  %t28 = load i64, i64* @a0
  store i64 %t28, i64* @a0
  %t29 = load %s0*, %s0** @a3
  br label %b18
b18:
  %t30 = load i64, i64* %acc
  %t31 = xor i64 %t30, %t6
  store i64 %t31, i64* %acc
  %t32 = load i64, i64* %acc
  ret i64 %t32
}

define i64 @l0_1(i64 %p0) {
  %acc = alloca i64
  store i64 -9223372036854775808, i64* %acc
  %v1 = alloca %s0**
  store %s0** @g0, %s0*** %v1
  %v2 = alloca i8*
  %t3 = getelementptr [2 x i8], [2 x i8]* @str0, i64 0, i64 0
  store i8* %t3, i8** %v2
  %v4 = alloca i64**
  store i64** @a2, i64*** %v4
  %v5 = alloca %s0
  %t6 = getelementptr %s0, %s0* %v5, i64 0, i32 0
  store %s0* @a1, %s0** %t6
  %t7 = getelementptr %s0, %s0* %v5, i64 0, i32 1
  store i1 1, i1* %t7
  %t8 = load i8*, i8** %v2
  call void @ll_puts(i8* %t8)
  %t9 = load i64, i64* %acc
  ret i64 %t9
}

define i1 @l1_0(%s0* %p0) {
  %acc = alloca i64
  store i64 -9223372036854775808, i64* %acc
  %v1 = alloca i64 (i64)*
  store i64 (i64)* @l0_0, i64 (i64)** %v1
  %t2 = icmp eq %s0* %p0, @a1
  ret i1 %t2
}

define i64 @l2_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 1, i64* %acc
  %v1 = alloca i64**
  store i64** @a2, i64*** %v1
  %t2 = load i64, i64* %acc
  %t3 = add i64 %p2, 137438953471
  %t4 = xor i64 %t2, %t3
  %t5 = add i64 %t4, %p6
  %t6 = xor i64 %t5, %p7
  ret i64 %t6
}

define i64 @main() {
  %acc = alloca i64
  store i64 -18, i64* %acc
  %t1 = and i64 9, 63
  %t2 = shl i64 0, %t1
  %t3 = and i64 %t2, 63
  %t4 = ashr i64 %t2, %t3
  %t5 = load i64, i64* @a0
  %t6 = load i64, i64* @g1
  %t7 = load i64, i64* @a0
  %t8 = load i64, i64* @a0
  %t9 = add i64 %t7, %t8
  %t10 = mul i64 -17, %t7
  %t11 = call i64 @l2_0(i64 %t2, i64 %t4, i64 %t1, i64 %t5, i64 %t6, i64 %t9, i64 %t10, i64 %t9)
  %t12 = load i64, i64* %acc
  %t13 = sub i64 %t12, %t11
  store i64 %t13, i64* %acc
  %t14 = call i64 @l0_0(i64 %t10)
  %t15 = load i64, i64* %acc
  %t16 = sub i64 %t15, %t14
  store i64 %t16, i64* %acc
  %t17 = load i64, i64* @a0
  %t18 = call i64 @l0_1(i64 %t17)
  %t19 = load i64, i64* %acc
  %t20 = sub i64 %t19, %t18
  store i64 %t20, i64* %acc
  %t21 = load %s0*, %s0** @a3
  %t22 = call i1 @l1_0(%s0* %t21)
  %t23 = load i64, i64* @g1
  %t24 = and i64 42, %t23
  %t25 = load i64, i64* @g1
  %t26 = call i64 @l2_0(i64 %t24, i64 %t3, i64 %t25, i64 %t23, i64 72057594037927936, i64 %t2, i64 16777217, i64 41)
  %t27 = load i64, i64* %acc
  %t28 = add i64 %t27, %t26
  store i64 %t28, i64* %acc
  %t29 = load i64, i64* @g1
  %t30 = load i64, i64* %acc
  %t31 = add i64 %t30, %t29
  store i64 %t31, i64* %acc
  %t32 = load i64, i64* @g1
  %t33 = load i64, i64* %acc
  %t34 = xor i64 %t33, %t32
  store i64 %t34, i64* %acc
  %t35 = load i64, i64* %acc
  %t36 = call i8* @ll_ltoa(i64 %t35)
  call void @ll_puts(i8* %t36)
  ret i64 %t35
}
