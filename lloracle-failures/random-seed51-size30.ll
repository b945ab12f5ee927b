%s0 = type { i64*, i1 }
%s1 = type { %s0 }

@a0 = global i64 1
@a1 = global %s0 { i64* @a0, i1 0 }
@a2 = global %s1 { %s0 { i64* @a0, i1 0 } }
@a3 = global %s1* @a2
@str0 = global [10 x i8] c"hMMwSDdEJ\00"
@v0 = global { %s0 }* bitcast (%s1* @a2 to { %s0 }*)
@v1 = global { i64* }* bitcast (%s0* @a1 to { i64* }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0() {
  %acc = alloca i64
  store i64 0, i64* %acc
  %t1 = shl i64 -9, 28
  %t2 = icmp eq %s0* @a1, @a1
  br i1 %t2, label %b3, label %b4
b3:
  %t6 = load i64, i64* @a0
  %t7 = load i64, i64* %acc
  %t8 = xor i64 %t7, %t6
  store i64 %t8, i64* %acc
  %t9 = bitcast i64* @a0 to i8*
  %t10 = bitcast i8* %t9 to i64*
  br label %b5
b4:
  store i64 5, i64* @a0
  %t11 = load i64, i64* %acc
  %t12 = sub i64 %t11, %t1
  store i64 %t12, i64* %acc
  %t13 = load %s1*, %s1** @a3
  %t14 = load i64, i64* @a0
  %t15 = mul i64 -9223372036854775808, %t14
  %t16 = and i64 %t15, 63
  %t17 = ashr i64 %t1, %t16
  %t18 = load i64, i64* @a0
  %t19 = and i64 %t16, %t18
  %t20 = icmp eq i64 %t17, %t19
  br i1 %t20, label %b21, label %b22
b5:
  %t31 = load i64, i64* %acc
  ret i64 %t31
b21:
  %t24 = load i64, i64* %acc
  %t25 = add i64 %t24, 664
  store i64 %t25, i64* %acc
  br label %b23
b22:
  %t26 = load i64, i64* %acc
  %t27 = xor i64 %t26, 832
  store i64 %t27, i64* %acc
  br label %b23
b23:
  %t28 = bitcast %s0* @a1 to { i64*, i1 }*
  %t29 = getelementptr { i64*, i1 }, { i64*, i1 }* %t28, i64 0, i32 1
  %t30 = load i1, i1* %t29
  br label %b5
}

define i64 @l1_0(i8* %p0, i64 %p1) {
  %acc = alloca i64
  store i64 -45, i64* %acc
  %v1 = alloca i1
  store i1 1, i1* %v1
  %v2 = alloca i64
  store i64 9223372036854775807, i64* %v2
  %v3 = alloca %s1
  %t4 = getelementptr %s1, %s1* %v3, i64 0, i32 0, i32 0
  store i64* %v2, i64** %t4
  %t5 = getelementptr %s1, %s1* %v3, i64 0, i32 0, i32 1
  store i1 1, i1* %t5
  %t6 = load i64, i64* %v2
  %t7 = load i64, i64* %acc
  %t8 = sub i64 %t7, %t6
  store i64 %t8, i64* %acc
  %t9 = load i64, i64* %acc
  ret i64 %t9
}

define i64 @r0(i64 %p0, i8* %p1, %s1* %p2, %s0* %p3) {
  %acc = alloca i64
  store i64 -24, i64* %acc
  %v1 = alloca i64 ()*
  store i64 ()* @l0_0, i64 ()** %v1
  %v2 = alloca %s0*
  store %s0* @a1, %s0** %v2
  %v3 = alloca %s0
  %t4 = getelementptr %s0, %s0* %v3, i64 0, i32 0
  store i64* @a0, i64** %t4
  %t5 = getelementptr %s0, %s0* %v3, i64 0, i32 1
  store i1 0, i1* %t5
  %t6 = icmp sle i64 %p0, 0
  br i1 %t6, label %b7, label %b8
b7:
  %t9 = load i64, i64* %acc
  %t10 = load i64, i64* @a0
  %t11 = xor i64 %t9, %t10
  ret i64 %t11
b8:
  %t12 = sub i64 %p0, 1
  %t13 = ashr i64 1, 53
  %t14 = load i64, i64* @a0
  %t15 = icmp sgt i64 %t14, %t13
  br i1 %t15, label %b16, label %b17
b16:
  %t19 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  %t20 = call i64 @l1_0(i8* %t19, i64 8)
  %t21 = load i64, i64* %acc
  %t22 = sub i64 %t21, %t20
  store i64 %t22, i64* %acc
  %t23 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  %t24 = load i64, i64* @a0
  %t25 = call i64 @l1_0(i8* %t23, i64 %t24)
  %t26 = load i64, i64* %acc
  %t27 = add i64 %t26, %t25
  store i64 %t27, i64* %acc
  %t28 = getelementptr %s0, %s0* %p3, i64 0, i32 0
  %t29 = icmp eq i64 144115188075855873, %t25
  br i1 %t29, label %b30, label %b31
b17:
  br label %b18
b18:
  %t39 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  %t40 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  %t41 = call i8* @ll_strcat(i8* %t39, i8* %t40)
  %t42 = load %s1*, %s1** @a3
  %t43 = call i64 @r0(i64 %t12, i8* %t41, %s1* %t42, %s0* %v3)
  %t44 = load i64, i64* %acc
  %t45 = xor i64 %t44, %t43
  store i64 %t45, i64* %acc
  %t46 = load i64, i64* @a0
  %t47 = call i8* @ll_ltoa(i64 %t46)
  call void @ll_puts(i8* %t47)
  %t48 = bitcast %s1* %t42 to { %s0 }*
  %t49 = getelementptr { %s0 }, { %s0 }* %t48, i64 0, i32 0
  %t50 = getelementptr %s0, %s0* %t49, i64 0, i32 1
  %t51 = load i1, i1* %t50
  %t52 = load i64, i64* %acc
  ret i64 %t52
b30:
  %t33 = load i64, i64* %acc
  %t34 = add i64 %t33, 722
  store i64 %t34, i64* %acc
  br label %b32
b31:
  %t35 = load i64, i64* %acc
  %t36 = xor i64 %t35, 948
  store i64 %t36, i64* %acc
  br label %b32
b32:
  %t37 = load i64, i64* %acc
  %t38 = add i64 %t37, %t20
  store i64 %t38, i64* %acc
  br label %b18
}

define i64 @f1() {
  %acc = alloca i64
  store i64 9, i64* %acc
  %v1 = alloca i64 ()*
  store i64 ()* @l0_0, i64 ()** %v1
  %t2 = load i64, i64* @a0
  %t3 = or i64 38, %t2
  %t4 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t5 = load i64*, i64** %t4
  %t6 = load i64, i64* %acc
  ret i64 %t6
}

define i64 @main(i64 %argc, i8** %argv) {
  %acc = alloca i64
  store i64 7, i64* %acc
  %v1 = alloca %s0*
  store %s0* @a1, %s0** %v1
  %v2 = alloca i8*
  %t3 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  store i8* %t3, i8** %v2
  %t4 = call i64 @l0_0()
  %t5 = load i64, i64* %acc
  %t6 = sub i64 %t5, %t4
  store i64 %t6, i64* %acc
  %t7 = call i8* @ll_ltoa(i64 %t4)
  %t8 = or i64 %t4, %t4
  %t9 = call i64 @l1_0(i8* %t7, i64 %t8)
  %t10 = load i64, i64* %acc
  %t11 = sub i64 %t10, %t9
  store i64 %t11, i64* %acc
  %t12 = and i64 20, 7
  %t13 = getelementptr [10 x i8], [10 x i8]* @str0, i64 0, i64 0
  %t14 = call i64 @r0(i64 %t12, i8* %t13, %s1* @a2, %s0* @a1)
  %t15 = load i64, i64* %acc
  %t16 = xor i64 %t15, %t14
  store i64 %t16, i64* %acc
  %t17 = call i64 @f1()
  %t18 = load i64, i64* %acc
  %t19 = xor i64 %t18, %t17
  store i64 %t19, i64* %acc
  %t20 = load i64, i64* @a0
  %t21 = load i64, i64* %acc
  %t22 = xor i64 %t21, %t20
  store i64 %t22, i64* %acc
  %t23 = load i64, i64* @a0
  %t24 = load i64, i64* %acc
  %t25 = xor i64 %t24, %t23
  store i64 %t25, i64* %acc
  %t26 = load i64, i64* @a0
  %t27 = load i64, i64* %acc
  %t28 = xor i64 %t27, %t26
  store i64 %t28, i64* %acc
  %t29 = load i64, i64* %acc
  ret i64 %t29
}
