%s0 = type { %s0* }

@a0 = global i64 42
@a1 = global %s0 { %s0* @a1 }
@a2 = global [2 x %s0] [%s0 { %s0* @a1 }, %s0 { %s0* @a1 }]
@a3 = global [4 x i64] [i64 63, i64 -3154872597472846337, i64 -1, i64 -9]
@a4 = global { %s0, i64 } { %s0 { %s0* @a1 }, i64 42 }
@a5 = global i64* @a0
@a6 = global %s0* @a1
@a7 = global i64 ()* @l1_0
@g0 = global [4 x i64] [i64 4503599627370497, i64 -10, i64 14, i64 -39]
@g1 = global i64 2
@str0 = global [13 x i8] c"57V5Ajr6gfrM\00"
@str1 = global [3 x i8] c"Ef\00"
@str2 = global [3 x i8] c"R1\00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i8* %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 1, i64* %acc
  %v1 = alloca [4 x i64]*
  store [4 x i64]* @a3, [4 x i64]** %v1
  %v2 = alloca i64**
  store i64** @a5, i64*** %v2
  %v3 = alloca i64 (i8*, i64, i64, i64, i64, i64, i64, i64)*
  store i64 (i8*, i64, i64, i64, i64, i64, i64, i64)* @l0_0, i64 (i8*, i64, i64, i64, i64, i64, i64, i64)** %v3
  %v4 = alloca { %s0, i64 }
  %t5 = getelementptr { %s0, i64 }, { %s0, i64 }* %v4, i64 0, i32 0, i32 0
  store %s0* @a1, %s0** %t5
  %t6 = getelementptr { %s0, i64 }, { %s0, i64 }* %v4, i64 0, i32 1
  store i64 42, i64* %t6
  br i1 1, label %b7, label %b8
b7:
  %t10 = load i64*, i64** @a5
  %t11 = load i64, i64* %acc
  %t12 = xor i64 %t11, %p2
  store i64 %t12, i64* %acc
  %t13 = getelementptr { %s0, i64 }, { %s0, i64 }* @a4, i64 0, i32 0, i32 0
  store %s0* @a1, %s0** %t13
  %t14 = lshr i64 %p1, 52
  br label %b9
b8:
  %t15 = load i64, i64* %acc
  %t16 = add i64 %t15, %p1
  store i64 %t16, i64* %acc
  %t17 = load i64, i64* %acc
  %t18 = xor i64 %t17, %p3
  store i64 %t18, i64* %acc
  %t19 = load i64, i64* %acc
  %t20 = xor i64 %t19, %p3
  store i64 %t20, i64* %acc
  %t21 = getelementptr { %s0, i64 }, { %s0, i64 }* %v4, i64 0, i32 1
  %t22 = load i64, i64* %t21
  %t23 = call i8* @ll_ltoa(i64 %t22)
  call void @ll_puts(i8* %t23)
  %t24 = bitcast { %s0, i64 }* @a4 to { %s0, i64 }*
  %t25 = getelementptr { %s0, i64 }, { %s0, i64 }* %t24, i64 0, i32 1
  %t26 = load i64, i64* %t25
  %t27 = load i64, i64* %acc
  %t28 = add i64 %t27, %t26
  store i64 %t28, i64* %acc
  br label %b9
b9:
  %t29 = load i64, i64* %acc
  %t30 = add i64 %t29, 42
  store i64 %t30, i64* %acc
  %t31 = load i64, i64* %acc
  %t32 = shl i64 %p1, 37
  %t33 = xor i64 %t31, %t32
  %t34 = add i64 %t33, %p6
  %t35 = xor i64 %t34, %p7
  ret i64 %t35
}

define i64 @l1_0() {
  %acc = alloca i64
  store i64 15, i64* %acc
  %v1 = alloca [2 x %s0]*
  store [2 x %s0]* @a2, [2 x %s0]** %v1
  %v2 = alloca i64 ()*
  store i64 ()* @l1_1, i64 ()** %v2
  %v3 = alloca i64**
  store i64** @a5, i64*** %v3
  %v4 = alloca [4 x i64]
  %t5 = getelementptr [4 x i64], [4 x i64]* %v4, i64 0, i64 0
  store i64 3, i64* %t5
  %t6 = getelementptr [4 x i64], [4 x i64]* %v4, i64 0, i64 1
  store i64 255, i64* %t6
  %t7 = getelementptr [4 x i64], [4 x i64]* %v4, i64 0, i64 2
  store i64 -4816287939387637187, i64* %t7
  %t8 = getelementptr [4 x i64], [4 x i64]* %v4, i64 0, i64 3
  store i64 -1, i64* %t8
  %t9 = sub i64 2, -9223372036854775808
  %t10 = getelementptr { %s0, i64 }, { %s0, i64 }* @a4, i64 0, i32 1
  %t11 = load i64, i64* %t10
  %t12 = load i64, i64* @a0
  %t13 = or i64 %t11, %t12
  %t14 = icmp eq i64 %t9, %t13
  br i1 %t14, label %b15, label %b16
b15:
  br label %b17
b16:
  %t18 = lshr i64 %t12, 56
  br i1 1, label %b19, label %b20
b17:
  %t30 = load i64, i64* %acc
  ret i64 %t30
b19:
  %t22 = load i64, i64* %acc
  %t23 = add i64 %t22, 82
  store i64 %t23, i64* %acc
  br label %b21
b20:
  %t24 = load i64, i64* %acc
  %t25 = xor i64 %t24, 682
  store i64 %t25, i64* %acc
  br label %b21
b21:
  %t26 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  %t27 = load %s0*, %s0** %t26
  %t28 = load i64, i64* %acc
  %t29 = sub i64 %t28, %t9
  store i64 %t29, i64* %acc
  br label %b17
}

define i64 @l1_1() {
  %acc = alloca i64
  store i64 64, i64* %acc
  %v1 = alloca i1
  store i1 1, i1* %v1
  %v2 = alloca [4 x i64]*
  store [4 x i64]* @g0, [4 x i64]** %v2
  %t3 = bitcast %s0* @a1 to { %s0* }*
  %t4 = load i64, i64* %acc
  %t5 = add i64 %t4, 255
  store i64 %t5, i64* %acc
  %t6 = load i1, i1* %v1
  br i1 %t6, label %b7, label %b8
b7:
  %t10 = load i64, i64* %acc
  %t11 = add i64 %t10, 702
  store i64 %t11, i64* %acc
  br label %b9
b8:
  %t12 = load i64, i64* %acc
  %t13 = xor i64 %t12, 720
  store i64 %t13, i64* %acc
  br label %b9
b9:
  %t14 = load i64, i64* %acc
  %t15 = add i64 %t14, 7
  store i64 %t15, i64* %acc
  %t16 = load i64, i64* %acc
  %t17 = xor i64 %t16, 2
  ret i64 %t17
}

define i64 @f0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 3, i64* %acc
  %v1 = alloca i64 (i8*, i64, i64, i64, i64, i64, i64, i64)*
  store i64 (i8*, i64, i64, i64, i64, i64, i64, i64)* @l0_0, i64 (i8*, i64, i64, i64, i64, i64, i64, i64)** %v1
  %v2 = alloca i64*
  store i64* @a0, i64** %v2
  %v3 = alloca %s0
  %t4 = getelementptr %s0, %s0* %v3, i64 0, i32 0
  store %s0* %v3, %s0** %t4
  %c12 = alloca i64
  store i64 0, i64* %c12
  %c19 = alloca i64
  store i64 0, i64* %c19
  %c33 = alloca i64
  store i64 0, i64* %c33
  %t5 = call i8* @ll_ltoa(i64 0)
  call void @ll_puts(i8* %t5)
  %t6 = call i8* @ll_ltoa(i64 -9223372036854775808)
  call void @ll_puts(i8* %t6)
  %t7 = getelementptr [4 x i64], [4 x i64]* @a3, i64 0, i64 2
  %t8 = load i64, i64* %t7
  %t9 = getelementptr { %s0, i64 }, { %s0, i64 }* @a4, i64 0, i32 1
  %t10 = load i64, i64* %t9
  %t11 = and i64 %t8, %t10
  %t13 = and i64 %p5, 3
  store i64 0, i64* %c12
  br label %b14
b14:
  %t17 = load i64, i64* %c12
  %t18 = icmp slt i64 %t17, %t13
  br i1 %t18, label %b15, label %b16
b15:
  store i64 0, i64* %c19
  br label %b20
b16:
  %t46 = getelementptr %s0, %s0* %v3, i64 0, i32 0
  store %s0* @a1, %s0** %t46
  %t47 = bitcast %s0* %v3 to i8*
  %t48 = bitcast i8* %t47 to %s0*
  %t49 = load i64, i64* %acc
  %t50 = add i64 %t49, %p6
  %t51 = xor i64 %t50, %p7
  ret i64 %t51
b20:
  %t23 = load i64, i64* %c19
  %t24 = icmp slt i64 %t23, 3
  br i1 %t24, label %b21, label %b22
b21:
  %t25 = and i64 %t10, 3
  %t26 = getelementptr [4 x i64], [4 x i64]* @a3, i64 0, i64 %t25
  store i64 9223372036854775807, i64* %t26
  %t27 = load i64, i64* %c19
  %t28 = add i64 %t27, 1
  store i64 %t28, i64* %c19
  br label %b20
b22:
  %t29 = load i64, i64* @g1
  %t30 = load i64, i64* %t7
  %t31 = load i64, i64* %acc
  %t32 = add i64 %t31, %t30
  store i64 %t32, i64* %acc
  store i64 0, i64* %c33
  br label %b34
b34:
  %t37 = load i64, i64* %c33
  %t38 = icmp slt i64 %t37, 2
  br i1 %t38, label %b35, label %b36
b35:
  %t39 = shl i64 %t30, 30
  %t40 = load i64, i64* %t7
  %t41 = xor i64 %t39, %t40
  %t42 = load i64, i64* %c33
  %t43 = add i64 %t42, 1
  store i64 %t43, i64* %c33
  br label %b34
b36:
  %t44 = load i64, i64* %c12
  %t45 = add i64 %t44, 1
  store i64 %t45, i64* %c12
  br label %b14
}

define i64 @f1([2 x %s0]* %p0, i1 %p1) {
  %acc = alloca i64
  store i64 2147483649, i64* %acc
  %v1 = alloca i64 ()*
  store i64 ()* @l1_0, i64 ()** %v1
  %v2 = alloca %s0**
  store %s0** @a6, %s0*** %v2
  %v3 = alloca %s0**
  store %s0** @a6, %s0*** %v3
  %v4 = alloca %s0
  %t5 = getelementptr %s0, %s0* %v4, i64 0, i32 0
  store %s0* %v4, %s0** %t5
  %t6 = call i64 @l1_0()
  %t7 = load i64, i64* %acc
  %t8 = add i64 %t7, %t6
  store i64 %t8, i64* %acc
  %t9 = load i64, i64* @g1
  %t10 = and i64 %t9, 63
  %t11 = ashr i64 %t6, %t10
  store i64 %t11, i64* @g1
  store i64 ()* @l1_1, i64 ()** %v1
  %t12 = xor i64 %t11, -9223372036854775808
  %t13 = icmp ne i64 9223372036854775807, %t12
  br i1 %t13, label %b14, label %b15
b14:
  %t17 = load i64, i64* %acc
  %t18 = add i64 %t17, 198
  store i64 %t18, i64* %acc
  br label %b16
b15:
  %t19 = load i64, i64* %acc
  %t20 = xor i64 %t19, 929
  store i64 %t20, i64* %acc
  br label %b16
b16:
  %t21 = load i64, i64* %acc
  ret i64 %t21
}

define i64 @main() {
  %acc = alloca i64
  store i64 1, i64* %acc
  %c4 = alloca i64
  store i64 0, i64* %c4
  %t1 = call i64 @l1_1()
  %t2 = load i64, i64* %acc
  %t3 = sub i64 %t2, %t1
  store i64 %t3, i64* %acc
  %t5 = and i64 %t1, 3
  store i64 0, i64* %c4
  br label %b6
b6:
  %t9 = load i64, i64* %c4
  %t10 = icmp slt i64 %t9, %t5
  br i1 %t10, label %b7, label %b8
b7:
  br i1 0, label %b11, label %b12
b8:
  %t29 = call i64 @l1_0()
  %t30 = getelementptr [3 x i8], [3 x i8]* @str2, i64 0, i64 0
  %t31 = and i64 %t29, 63
  %t32 = shl i64 %t1, %t31
  %t33 = load i64, i64* @a0
  %t34 = and i64 %t33, 7
  %t35 = add i64 %t32, 42
  %t36 = xor i64 %t32, -6318119312223631372
  %t37 = call i64 @l0_0(i8* %t30, i64 7, i64 %t29, i64 %t32, i64 %t34, i64 %t35, i64 42, i64 %t36)
  %t38 = load i64, i64* %acc
  %t39 = xor i64 %t38, %t37
  store i64 %t39, i64* %acc
  %t40 = call i64 @l1_0()
  %t41 = load i64, i64* %acc
  %t42 = sub i64 %t41, %t40
  store i64 %t42, i64* %acc
  %t43 = call i64 @l1_1()
  %t44 = load i64, i64* %acc
  %t45 = add i64 %t44, %t43
  store i64 %t45, i64* %acc
  %t46 = getelementptr { %s0, i64 }, { %s0, i64 }* @a4, i64 0, i32 1
  %t47 = load i64, i64* %t46
  %t48 = getelementptr { %s0, i64 }, { %s0, i64 }* @a4, i64 0, i32 1
  %t49 = load i64, i64* %t48
  %t50 = getelementptr [4 x i64], [4 x i64]* @g0, i64 0, i64 2
  %t51 = load i64, i64* %t50
  %t52 = and i64 1, 63
  %t53 = lshr i64 %t51, %t52
  %t54 = load i64, i64* %t46
  %t55 = getelementptr [13 x i8], [13 x i8]* @str0, i64 0, i64 0
  %t56 = sub i64 0, 32
  %t57 = icmp eq i64 %t32, 2749087895470380858
  %t58 = call i64 @f1([2 x %s0]* @a2, i1 %t57)
  %t59 = mul i64 %t31, 72057594037927936
  %t60 = add i64 %t31, %t37
  %t61 = call i64 @l0_0(i8* %t55, i64 %t33, i64 %t56, i64 262143, i64 %t58, i64 3454713843591796279, i64 %t59, i64 %t60)
  %t62 = and i64 %t61, 3
  %t63 = getelementptr [4 x i64], [4 x i64]* @a3, i64 0, i64 %t62
  %t64 = load i64, i64* %t63
  %t65 = sub i64 7, %t64
  %t66 = getelementptr { %s0, i64 }, { %s0, i64 }* @a4, i64 0, i32 1
  %t67 = load i64, i64* %t66
  %t68 = add i64 %t67, 8450311409099843282
  %t69 = getelementptr [3 x i8], [3 x i8]* @str2, i64 0, i64 0
  %t70 = ashr i64 0, 63
  %t71 = getelementptr [4 x i64], [4 x i64]* @g0, i64 0, i64 1
  %t72 = load i64, i64* %t71
  %t73 = getelementptr [4 x i64], [4 x i64]* @g0, i64 0, i64 1
  %t74 = load i64, i64* %t73
  %t75 = sub i64 %t31, 42
  %t76 = call i64 @l0_0(i8* %t69, i64 %t70, i64 -1, i64 %t72, i64 %t74, i64 %t35, i64 %t75, i64 -49)
  %t77 = load i64, i64* %t66
  %t78 = or i64 %t58, %t77
  %t79 = call i64 @f0(i64 %t65, i64 %t36, i64 %t68, i64 %t61, i64 %t76, i64 -1, i64 %t78, i64 -31)
  %t80 = call i64 @l1_1()
  %t81 = call i64 @l1_0()
  %t82 = call i64 @f0(i64 %t47, i64 %t49, i64 32768, i64 %t53, i64 %t54, i64 %t79, i64 %t80, i64 %t81)
  %t83 = load i64, i64* %acc
  %t84 = xor i64 %t83, %t82
  store i64 %t84, i64* %acc
  %t85 = icmp sgt i64 %t61, %t68
  %t86 = call i64 @f1([2 x %s0]* @a2, i1 %t85)
  %t87 = load i64, i64* %acc
  %t88 = xor i64 %t87, %t86
  store i64 %t88, i64* %acc
  %t89 = getelementptr [4 x i64], [4 x i64]* @g0, i64 0, i64 0
  %t90 = load i64, i64* %t89
  %t91 = load i64, i64* %acc
  %t92 = xor i64 %t91, %t90
  store i64 %t92, i64* %acc
  %t93 = getelementptr { %s0, i64 }, { %s0, i64 }* @a4, i64 0, i32 1
  %t94 = load i64, i64* %t93
  %t95 = load i64, i64* %acc
  %t96 = xor i64 %t95, %t94
  store i64 %t96, i64* %acc
  %t97 = load i64, i64* @g1
  %t98 = load i64, i64* %acc
  %t99 = xor i64 %t98, %t97
  store i64 %t99, i64* %acc
  %t100 = load i64, i64* %acc
  %t101 = call i8* @ll_ltoa(i64 %t100)
  call void @ll_puts(i8* %t101)
  ret i64 %t100
b11:
  %t14 = load i64, i64* %acc
  %t15 = add i64 %t14, 773
  store i64 %t15, i64* %acc
  br label %b13
b12:
  %t16 = load i64, i64* %acc
  %t17 = xor i64 %t16, 783
  store i64 %t17, i64* %acc
  br label %b13
b13:
  %t18 = load i64, i64* %acc
  %t19 = add i64 %t18, %t9
  store i64 %t19, i64* %acc
  %t20 = getelementptr [3 x i8], [3 x i8]* @str2, i64 0, i64 0
  %t21 = getelementptr [4 x i64], [4 x i64]* @g0, i64 0, i64 2
  %t22 = load i64, i64* %t21
  %t23 = and i64 %t1, %t9
  %t24 = call i64 @l0_0(i8* %t20, i64 63, i64 34359738368, i64 -3, i64 1, i64 %t22, i64 %t23, i64 %t22)
  %t25 = load i64, i64* %acc
  %t26 = add i64 %t25, %t24
  store i64 %t26, i64* %acc
  %t27 = load i64, i64* %c4
  %t28 = add i64 %t27, 1
  store i64 %t28, i64* %c4
  br label %b6
}
