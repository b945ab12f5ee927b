%s0 = type { %s0*, %s0* }

@a0 = global i64 4520092489622796709
@a1 = global %s0 { %s0* @a1, %s0* @a1 }
@a2 = global { %s0, i64 } { %s0 { %s0* @a1, %s0* @a1 }, i64 288230376151711743 }
@a3 = global i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l0_0
@g0 = global i64 32769
@g1 = global { %s0, i64 } { %s0 { %s0* @a1, %s0* @a1 }, i64 -37 }
@str0 = global [5 x i8] c"RgEY\00"
@str1 = global [13 x i8] c"t4WvWKnqfFv3\00"
@str2 = global [13 x i8] c"LYgLYnlxfG66\00"

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 144115188075855871, i64* %acc
  %v1 = alloca i64*
  store i64* @a0, i64** %v1
  %t2 = load i64, i64* %acc
  %t3 = sub i64 %t2, %p3
  store i64 %t3, i64* %acc
  %t4 = ashr i64 %p5, 26
  %t5 = load i64, i64* %acc
  %t6 = xor i64 %t5, -15
  %t7 = add i64 %t6, %p6
  %t8 = xor i64 %t7, %p7
  ret i64 %t8
}

define i64 @main() {
  %acc = alloca i64
  store i64 1, i64* %acc
  %v1 = alloca i8*
  %t2 = getelementptr [13 x i8], [13 x i8]* @str2, i64 0, i64 0
  store i8* %t2, i8** %v1
  %v3 = alloca i1
  store i1 1, i1* %v3
  %v4 = alloca { %s0, i64 }*
  store { %s0, i64 }* @g1, { %s0, i64 }** %v4
  %v5 = alloca %s0
  %t6 = getelementptr %s0, %s0* %v5, i64 0, i32 0
  store %s0* %v5, %s0** %t6
  %t7 = getelementptr %s0, %s0* %v5, i64 0, i32 1
  store %s0* @a1, %s0** %t7
  %c8 = alloca i64
  store i64 0, i64* %c8
  %c34 = alloca i64
  store i64 0, i64* %c34
  %c59 = alloca i64
  store i64 0, i64* %c59
  %c67 = alloca i64
  store i64 0, i64* %c67
  %c107 = alloca i64
  store i64 0, i64* %c107
  store i64 0, i64* %c8
  br label %b9
b9:
  %t12 = load i64, i64* %c8
  %t13 = icmp slt i64 %t12, 1
  br i1 %t13, label %b10, label %b11
b10:
  %t14 = getelementptr %s0, %s0* %v5, i64 0, i32 0
  store %s0* @a1, %s0** %t14
  %t15 = load i64, i64* %c8
  %t16 = add i64 %t15, 1
  store i64 %t16, i64* %c8
  br label %b9
b11:
  br i1 0, label %b17, label %b18
b17:
  %t20 = load i64, i64* @a0
  %t21 = load i64, i64* %acc
  %t22 = add i64 %t21, %t20
  store i64 %t22, i64* %acc
  br label %b19
b18:
  %t23 = load i64, i64* @g0
  %t24 = load i64, i64* %acc
  %t25 = sub i64 %t24, %t23
  store i64 %t25, i64* %acc
  %t26 = getelementptr [13 x i8], [13 x i8]* @str2, i64 0, i64 0
  %t27 = call i8* @ll_ltoa(i64 %t23)
  %t28 = call i8* @ll_strcat(i8* %t26, i8* %t27)
  call void @ll_puts(i8* %t28)
  %t29 = load i64, i64* @g0
  %t30 = bitcast i1* %v3 to i8*
  %t31 = bitcast i8* %t30 to i1*
  %t32 = load i64, i64* %acc
  %t33 = xor i64 %t32, -3
  store i64 %t33, i64* %acc
  br label %b19
b19:
  %t35 = and i64 -1518777808007711610, 3
  store i64 0, i64* %c34
  br label %b36
b36:
  %t39 = load i64, i64* %c34
  %t40 = icmp slt i64 %t39, %t35
  br i1 %t40, label %b37, label %b38
b37:
  %t41 = icmp ne i64 (i64, i64, i64, i64, i64, i64, i64, i64)** @a3, @a3
  %t42 = icmp ne i1 %t41, %t41
  br i1 %t42, label %b43, label %b44
b38:
  %t97 = load i64, i64* @a0
  %t98 = xor i64 %t97, 0
  %t99 = load i64, i64* %acc
  %t100 = sub i64 %t99, %t98
  store i64 %t100, i64* %acc
  br i1 0, label %b101, label %b102
b43:
  store { %s0, i64 }* @g1, { %s0, i64 }** %v4
  br label %b45
b44:
  %t46 = load i64, i64* @a0
  %t47 = load i64, i64* %acc
  %t48 = xor i64 %t47, %t46
  store i64 %t48, i64* %acc
  %t49 = xor i64 %t39, %t39
  %t50 = load i64, i64* @a0
  %t51 = getelementptr { %s0, i64 }, { %s0, i64 }* @g1, i64 0, i32 1
  %t52 = load i64, i64* %t51
  %t53 = lshr i64 %t52, 17
  %t54 = call i64 @l0_0(i64 %t49, i64 %t46, i64 22, i64 %t50, i64 %t46, i64 %t39, i64 %t53, i64 %t52)
  %t55 = load i64, i64* %acc
  %t56 = add i64 %t55, %t54
  store i64 %t56, i64* %acc
  store i1 0, i1* %v3
  %t57 = getelementptr { %s0, i64 }, { %s0, i64 }* @a2, i64 0, i32 0, i32 0
  %t58 = load %s0*, %s0** %t57
  br label %b45
b45:
  store i64 0, i64* %c59
  br label %b60
b60:
  %t63 = load i64, i64* %c59
  %t64 = icmp slt i64 %t63, 3
  br i1 %t64, label %b61, label %b62
b61:
  %t65 = load i64, i64* %c59
  %t66 = add i64 %t65, 1
  store i64 %t66, i64* %c59
  br label %b60
b62:
  %t68 = getelementptr { %s0, i64 }, { %s0, i64 }* @a2, i64 0, i32 1
  %t69 = load i64, i64* %t68
  %t70 = add i64 %t39, %t69
  %t71 = and i64 %t70, 3
  store i64 0, i64* %c67
  br label %b72
b72:
  %t75 = load i64, i64* %c67
  %t76 = icmp slt i64 %t75, %t71
  br i1 %t76, label %b73, label %b74
b73:
  %t77 = shl i64 67108865, 22
  %t78 = xor i64 2, 63
  %t79 = or i64 -9223372036854775808, 1
  %t80 = call i64 @l0_0(i64 %t69, i64 %t39, i64 %t77, i64 7, i64 %t78, i64 %t79, i64 63, i64 -9223372036854775808)
  store i64 %t80, i64* %t68
  %t81 = lshr i64 %t78, 47
  %t82 = call i8* @ll_ltoa(i64 %t81)
  call void @ll_puts(i8* %t82)
  %t83 = getelementptr { %s0, i64 }, { %s0, i64 }* @g1, i64 0, i32 0, i32 0
  %t84 = load %s0*, %s0** %t83
  %t85 = load i64, i64* %c67
  %t86 = add i64 %t85, 1
  store i64 %t86, i64* %c67
  br label %b72
b74:
  %t87 = load i64, i64* @a0
  %t88 = and i64 %t87, 30
  %t89 = getelementptr { %s0, i64 }, { %s0, i64 }* @a2, i64 0, i32 0, i32 0
  br i1 %t41, label %b90, label %b91
b90:
  br label %b92
b91:
  %t93 = bitcast %s0* @a1 to i8*
  %t94 = bitcast i8* %t93 to %s0*
  store { %s0, i64 }* @g1, { %s0, i64 }** %v4
  br label %b92
b92:
  %t95 = load i64, i64* %c34
  %t96 = add i64 %t95, 1
  store i64 %t96, i64* %c34
  br label %b36
b101:
  %t104 = shl i64 14, 21
  %t105 = load i64, i64* %acc
  %t106 = sub i64 %t105, %t104
  store i64 %t106, i64* %acc
  store i64 0, i64* %c107
  br label %b108
b102:
  %t124 = icmp eq i64 (i64, i64, i64, i64, i64, i64, i64, i64)* @l0_0, @l0_0
  br i1 %t124, label %b125, label %b126
b103:
  %t150 = getelementptr %s0, %s0* %v5, i64 0, i32 1
  store %s0* %v5, %s0** %t150
  %t151 = load i64, i64* @a0
  %t152 = load i64, i64* @g0
  %t153 = getelementptr { %s0, i64 }, { %s0, i64 }* @g1, i64 0, i32 1
  %t154 = load i64, i64* %t153
  %t155 = and i64 %t154, 63
  %t156 = shl i64 %t152, %t155
  %t157 = load i64, i64* %t153
  %t158 = call i64 @l0_0(i64 %t151, i64 0, i64 %t151, i64 %t156, i64 %t157, i64 %t157, i64 %t155, i64 %t98)
  %t159 = load i64, i64* %acc
  %t160 = xor i64 %t159, %t158
  store i64 %t160, i64* %acc
  %t161 = getelementptr { %s0, i64 }, { %s0, i64 }* @a2, i64 0, i32 1
  %t162 = load i64, i64* %t161
  %t163 = load i64, i64* %acc
  %t164 = xor i64 %t163, %t162
  store i64 %t164, i64* %acc
  %t165 = load i64, i64* %acc
  ret i64 %t165
b108:
  %t111 = load i64, i64* %c107
  %t112 = icmp slt i64 %t111, 3
  br i1 %t112, label %b109, label %b110
b109:
  %t113 = bitcast { %s0, i64 }* @g1 to i8*
  %t114 = bitcast i8* %t113 to { %s0, i64 }*
  %t115 = load i64, i64* %c107
  %t116 = add i64 %t115, 1
  store i64 %t116, i64* %c107
  br label %b108
b110:
  %t117 = getelementptr { %s0, i64 }, { %s0, i64 }* @g1, i64 0, i32 1
  %t118 = load i64, i64* %t117
  %t119 = add i64 %t104, %t118
  %t120 = add i64 %t119, %t104
  %t121 = load i64, i64* %acc
  %t122 = add i64 %t121, %t120
  store i64 %t122, i64* %acc
  %t123 = getelementptr %s0, %s0* @a1, i64 0, i32 0
  br label %b103
b125:
  %t128 = load i64, i64* @a0
  %t129 = load i64, i64* %acc
  %t130 = add i64 %t129, %t128
  store i64 %t130, i64* %acc
  br i1 %t124, label %b131, label %b132
b126:
  br label %b127
b127:
  %t138 = load i64, i64* %acc
  %t139 = sub i64 %t138, 12
  store i64 %t139, i64* %acc
  %t140 = getelementptr %s0, %s0* @a1, i64 0, i32 1
  %t141 = getelementptr { %s0, i64 }, { %s0, i64 }* @a2, i64 0, i32 0, i32 0
  %t142 = load %s0*, %s0** %t141
  store %s0* %t142, %s0** %t140
  br i1 0, label %b143, label %b144
b131:
  %t134 = load i64, i64* %acc
  %t135 = add i64 %t134, 64
  store i64 %t135, i64* %acc
  br label %b133
b132:
  %t136 = load i64, i64* %acc
  %t137 = xor i64 %t136, 156
  store i64 %t137, i64* %acc
  br label %b133
b133:
  br label %b127
b143:
  %t146 = load i64, i64* %acc
  %t147 = add i64 %t146, 423
  store i64 %t147, i64* %acc
  br label %b145
b144:
  %t148 = load i64, i64* %acc
  %t149 = xor i64 %t148, 313
  store i64 %t149, i64* %acc
  br label %b145
b145:
  br label %b103
}
