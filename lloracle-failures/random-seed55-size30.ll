%s0 = type { %s0*, { i64, i64* }, i64 }

@a0 = global i64 -27
@a1 = global %s0 { %s0* @a1, { i64, i64* } { i64 -1, i64* @a0 }, i64 3 }
@a2 = global i64* @g0
@a3 = global %s0* @a1
@g0 = global i64 2176562349347329838
@str0 = global [1 x i8] c"\00"
@v0 = global { %s0* }* bitcast (%s0* @a1 to { %s0* }*)

declare void @ll_puts(i8*)
declare i8* @ll_ltoa(i64)
declare i8* @ll_strcat(i8*, i8*)

define i64 @l0_0(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 %p4, i64* %acc
  %c1 = alloca i64
  store i64 0, i64* %c1
  store i64 0, i64* %c1
  br label %b2
b2:
  %t5 = load i64, i64* %c1
  %t6 = icmp slt i64 %t5, 3
  br i1 %t6, label %b3, label %b4
b3:
  %t7 = bitcast %s0* @a1 to i8*
  %t8 = bitcast i8* %t7 to %s0*
  store i64 %p4, i64* @g0
  %t9 = load i64, i64* %c1
  %t10 = add i64 %t9, 1
  store i64 %t10, i64* %c1
  br label %b2
b4:
  %t11 = load i64, i64* @g0
  %t12 = load i64, i64* %acc
  %t13 = add i64 %t12, %t11
  store i64 %t13, i64* %acc
  %t14 = load i64, i64* @a0
  %t15 = sub i64 %p7, %t14
  %t16 = xor i64 %p3, %t15
  %t17 = load i64, i64* %acc
  %t18 = add i64 %t17, %t16
  store i64 %t18, i64* %acc
  %t19 = bitcast %s0* @a1 to { %s0*, { i64, i64* } }*
  %t20 = getelementptr { %s0*, { i64, i64* } }, { %s0*, { i64, i64* } }* %t19, i64 0, i32 1, i32 0
  %t21 = load i64, i64* %t20
  %t22 = load i64, i64* %acc
  %t23 = xor i64 %t22, %t21
  store i64 %t23, i64* %acc
  %t24 = bitcast %s0* @a1 to { %s0*, { i64, i64* }, i64 }*
  %t25 = getelementptr { %s0*, { i64, i64* }, i64 }, { %s0*, { i64, i64* }, i64 }* %t24, i64 0, i32 2
  %t26 = load i64, i64* %t25
  %t27 = load i64, i64* %acc
  %t28 = sub i64 %t27, %t26
  store i64 %t28, i64* %acc
  %t29 = load i64, i64* %acc
  %t30 = load i64, i64* %t25
  %t31 = and i64 %t30, 63
  %t32 = lshr i64 %t11, %t31
  %t33 = xor i64 %t29, %t32
  %t34 = add i64 %t33, %p6
  %t35 = xor i64 %t34, %p7
  ret i64 %t35
}

define i64 @l0_1(i64 %p0, i64 %p1, i64 %p2, i64 %p3, i64 %p4, i64 %p5, i64 %p6, i64 %p7) {
  %acc = alloca i64
  store i64 0, i64* %acc
  %v1 = alloca %s0*
  store %s0* @a1, %s0** %v1
  %v2 = alloca i8*
  %t3 = getelementptr [1 x i8], [1 x i8]* @str0, i64 0, i64 0
  store i8* %t3, i8** %v2
  %v4 = alloca i64**
  store i64** @a2, i64*** %v4
  store %s0* @a1, %s0** @a3
  %t5 = load i64, i64* %acc
  %t6 = add i64 %t5, %p0
  store i64 %t6, i64* %acc
  %t7 = load i64, i64* %acc
  %t8 = xor i64 %t7, %p6
  %t9 = add i64 %t8, %p6
  %t10 = xor i64 %t9, %p7
  ret i64 %t10
}

define i64 @main() {
  %acc = alloca i64
  store i64 1024, i64* %acc
  %c6 = alloca i64
  store i64 0, i64* %c6
  %c66 = alloca i64
  store i64 0, i64* %c66
  %t1 = add i64 -1, 255
  %t2 = icmp slt i64 %t1, 42
  br i1 %t2, label %b3, label %b4
b3:
  store %s0* @a1, %s0** @a3
  %t7 = load i64, i64* @a0
  %t8 = and i64 %t7, 3
  store i64 0, i64* %c6
  br label %b9
b4:
  %t67 = load i64, i64* @g0
  %t68 = and i64 %t67, 4398046511104
  %t69 = and i64 %t68, 3
  store i64 0, i64* %c66
  br label %b70
b5:
  %t195 = and i64 %t1, 2
  %t196 = call i64 @l0_0(i64 0, i64 %t1, i64 %t1, i64 %t195, i64 %t1, i64 %t1, i64 -1, i64 9223372036854775807)
  %t197 = load i64, i64* %acc
  %t198 = sub i64 %t197, %t196
  store i64 %t198, i64* %acc
  %t199 = getelementptr %s0, %s0* @a1, i64 0, i32 1, i32 0
  %t200 = load i64, i64* %t199
  %t201 = ashr i64 %t195, 48
  %t202 = and i64 36028797018963969, 63
  %t203 = lshr i64 %t195, %t202
  %t204 = load i64, i64* @a0
  %t205 = load i64, i64* %t199
  %t206 = mul i64 %t204, %t205
  %t207 = load i64, i64* %t199
  %t208 = call i64 @l0_1(i64 %t200, i64 %t201, i64 %t203, i64 %t201, i64 %t202, i64 %t206, i64 %t202, i64 %t207)
  %t209 = load i64, i64* %acc
  %t210 = xor i64 %t209, %t208
  store i64 %t210, i64* %acc
  %t211 = load i64, i64* @g0
  %t212 = ashr i64 %t211, 59
  %t213 = load i64, i64* @g0
  %t214 = and i64 %t213, 63
  %t215 = ashr i64 -25, %t214
  %t216 = load i64, i64* @g0
  %t217 = mul i64 %t216, %t214
  %t218 = load i64, i64* @a0
  %t219 = load i64, i64* @a0
  %t220 = sub i64 %t218, %t219
  %t221 = call i64 @l0_0(i64 -13, i64 -3, i64 %t206, i64 %t207, i64 %t215, i64 %t217, i64 3, i64 %t220)
  %t222 = load i64, i64* @g0
  %t223 = ashr i64 %t215, 37
  %t224 = load i64, i64* @g0
  %t225 = shl i64 %t222, 36
  %t226 = call i64 @l0_0(i64 %t221, i64 -8029508569160373128, i64 %t222, i64 %t223, i64 %t220, i64 %t224, i64 %t225, i64 %t218)
  %t227 = load i64, i64* %t199
  %t228 = load i64, i64* %t199
  %t229 = and i64 42, 63
  %t230 = shl i64 %t228, %t229
  %t231 = sub i64 %t201, 64
  %t232 = call i64 @l0_0(i64 %t212, i64 %t226, i64 %t227, i64 144115188075855872, i64 %t207, i64 %t220, i64 %t230, i64 %t231)
  %t233 = load i64, i64* %acc
  %t234 = xor i64 %t233, %t232
  store i64 %t234, i64* %acc
  %t235 = and i64 44, 42
  %t236 = or i64 %t195, %t196
  %t237 = add i64 %t231, 24
  %t238 = load i64, i64* %t199
  %t239 = getelementptr %s0, %s0* @a1, i64 0, i32 1
  %t240 = getelementptr { i64, i64* }, { i64, i64* }* %t239, i64 0, i32 0
  %t241 = load i64, i64* %t240
  %t242 = call i64 @l0_0(i64 -9223372036854775808, i64 2305843009213693953, i64 %t235, i64 %t236, i64 %t237, i64 %t238, i64 %t228, i64 %t241)
  %t243 = load i64, i64* %acc
  %t244 = add i64 %t243, %t242
  store i64 %t244, i64* %acc
  %t245 = getelementptr %s0, %s0* @a1, i64 0, i32 2
  %t246 = load i64, i64* %t245
  %t247 = getelementptr { i64, i64* }, { i64, i64* }* %t239, i64 0, i32 0
  %t248 = load i64, i64* %t247
  %t249 = load i64, i64* %t245
  %t250 = ashr i64 %t246, 58
  %t251 = call i64 @l0_1(i64 %t246, i64 %t229, i64 4294967296, i64 %t248, i64 %t223, i64 %t249, i64 %t223, i64 %t250)
  %t252 = load i64, i64* %acc
  %t253 = sub i64 %t252, %t251
  store i64 %t253, i64* %acc
  %t254 = load i64, i64* %acc
  %t255 = call i8* @ll_ltoa(i64 %t254)
  call void @ll_puts(i8* %t255)
  ret i64 %t254
b9:
  %t12 = load i64, i64* %c6
  %t13 = icmp slt i64 %t12, %t8
  br i1 %t13, label %b10, label %b11
b10:
  %t14 = call i8* @ll_ltoa(i64 63)
  call void @ll_puts(i8* %t14)
  %t15 = load i64, i64* @a0
  %t16 = or i64 %t1, %t15
  %t17 = load i64, i64* @g0
  %t18 = call i64 @l0_0(i64 %t1, i64 %t12, i64 -31, i64 %t1, i64 %t16, i64 %t17, i64 26, i64 -50)
  %t19 = load i64, i64* @a0
  %t20 = load i64, i64* @g0
  %t21 = getelementptr %s0, %s0* @a1, i64 0, i32 2
  %t22 = load i64, i64* %t21
  %t23 = load i64, i64* %t21
  %t24 = mul i64 %t22, %t1
  %t25 = load i64, i64* %t21
  %t26 = call i64 @l0_1(i64 -1, i64 %t23, i64 64, i64 %t24, i64 %t25, i64 %t1, i64 %t7, i64 4398046511103)
  %t27 = and i64 %t17, 63
  %t28 = lshr i64 63, %t27
  %t29 = or i64 -9223372036854775808, %t24
  %t30 = load i64, i64* %t21
  %t31 = and i64 %t30, 63
  %t32 = lshr i64 8374280760016452327, %t31
  %t33 = or i64 %t30, 2141183638068694673
  %t34 = call i64 @l0_1(i64 %t26, i64 %t17, i64 %t28, i64 8796093022207, i64 %t29, i64 1, i64 %t32, i64 %t33)
  %t35 = load i64, i64* @g0
  %t36 = load i64, i64* @a0
  %t37 = or i64 %t35, %t36
  %t38 = call i64 @l0_1(i64 %t18, i64 %t19, i64 %t20, i64 %t22, i64 %t34, i64 %t27, i64 %t37, i64 %t28)
  %t39 = load i64, i64* %acc
  %t40 = xor i64 %t39, %t38
  store i64 %t40, i64* %acc
  %t41 = load i64, i64* %c6
  %t42 = add i64 %t41, 1
  store i64 %t42, i64* %c6
  br label %b9
b11:
  br i1 %t2, label %b43, label %b44
b43:
  %t46 = sub i64 %t7, -9223372036854775808
  %t47 = bitcast %s0* @a1 to { %s0*, { i64, i64* }, i64 }*
  %t48 = getelementptr { %s0*, { i64, i64* }, i64 }, { %s0*, { i64, i64* }, i64 }* %t47, i64 0, i32 2
  %t49 = load i64, i64* %t48
  %t50 = load i64, i64* %acc
  %t51 = xor i64 %t50, %t49
  store i64 %t51, i64* %acc
  %t52 = bitcast %s0* @a1 to { %s0*, { i64, i64* }, i64 }*
  %t53 = getelementptr { %s0*, { i64, i64* }, i64 }, { %s0*, { i64, i64* }, i64 }* %t52, i64 0, i32 1, i32 0
  %t54 = load i64, i64* %t53
  %t55 = load i64, i64* %acc
  %t56 = sub i64 %t55, %t54
  store i64 %t56, i64* %acc
  %t57 = load i64, i64* %t48
  %t58 = load i64, i64* %acc
  %t59 = add i64 %t58, %t57
  store i64 %t59, i64* %acc
  br label %b45
b44:
  %t60 = load { %s0* }*, { %s0* }** @v0
  store %s0* @a1, %s0** @a3
  %t61 = xor i64 %t7, %t1
  %t62 = and i64 %t61, 63
  %t63 = lshr i64 %t61, %t62
  %t64 = load i64, i64* %acc
  %t65 = sub i64 %t64, %t63
  store i64 %t65, i64* %acc
  br label %b45
b45:
  br label %b5
b70:
  %t73 = load i64, i64* %c66
  %t74 = icmp slt i64 %t73, %t69
  br i1 %t74, label %b71, label %b72
b71:
  %t75 = lshr i64 %t68, 42
  %t76 = call i8* @ll_ltoa(i64 %t75)
  call void @ll_puts(i8* %t76)
  %t77 = load i64, i64* %acc
  %t78 = xor i64 %t77, 2
  store i64 %t78, i64* %acc
  %t79 = shl i64 27, 49
  %t80 = load i64, i64* @a0
  %t81 = icmp ne i64 %t79, %t80
  br i1 %t81, label %b82, label %b83
b72:
  br i1 %t2, label %b99, label %b100
b82:
  %t85 = load i64, i64* %acc
  %t86 = add i64 %t85, 245
  store i64 %t86, i64* %acc
  br label %b84
b83:
  %t87 = load i64, i64* %acc
  %t88 = xor i64 %t87, 698
  store i64 %t88, i64* %acc
  br label %b84
b84:
  %t89 = icmp eq i1 %t2, 1
  br i1 %t89, label %b90, label %b91
b90:
  %t93 = load i64, i64* %acc
  %t94 = add i64 %t93, 162
  store i64 %t94, i64* %acc
  br label %b92
b91:
  %t95 = load i64, i64* %acc
  %t96 = xor i64 %t95, 895
  store i64 %t96, i64* %acc
  br label %b92
b92:
  %t97 = load i64, i64* %c66
  %t98 = add i64 %t97, 1
  store i64 %t98, i64* %c66
  br label %b70
b99:
  %t102 = load i64, i64* @g0
  %t103 = load i64, i64* @a0
  %t104 = and i64 %t103, 63
  %t105 = shl i64 %t102, %t104
  %t106 = load i64, i64* @a0
  %t107 = xor i64 %t106, 255
  %t108 = lshr i64 30, 26
  %t109 = load i64, i64* @g0
  %t110 = add i64 %t109, 64
  %t111 = or i64 %t108, %t67
  %t112 = call i64 @l0_0(i64 %t108, i64 %t110, i64 64, i64 %t1, i64 %t104, i64 %t111, i64 42, i64 2)
  %t113 = load i64, i64* @g0
  %t114 = call i64 @l0_0(i64 %t102, i64 %t105, i64 %t67, i64 %t107, i64 %t112, i64 %t113, i64 39, i64 %t104)
  %t115 = load i64, i64* %acc
  %t116 = add i64 %t115, %t114
  store i64 %t116, i64* %acc
  %t117 = bitcast %s0* @a1 to { %s0* }*
  br label %b101
b100:
  %t118 = load %s0*, %s0** @a3
  br i1 %t2, label %b119, label %b120
b101:
  %t189 = sub i64 -26, -42
  %t190 = load i64, i64* @a0
  %t191 = sub i64 %t190, %t190
  %t192 = call i64 @l0_1(i64 %t1, i64 281474976710655, i64 %t1, i64 %t189, i64 %t1, i64 63, i64 %t191, i64 2)
  %t193 = load i64, i64* %acc
  %t194 = add i64 %t193, %t192
  store i64 %t194, i64* %acc
  br label %b5
b119:
  %t122 = load i64, i64* %acc
  %t123 = add i64 %t122, 842
  store i64 %t123, i64* %acc
  br label %b121
b120:
  %t124 = load i64, i64* %acc
  %t125 = xor i64 %t124, 270
  store i64 %t125, i64* %acc
  br label %b121
b121:
  %t126 = bitcast %s0* %t118 to { i8*, { i64, i8* }, i64 }*
  %t127 = getelementptr { i8*, { i64, i8* }, i64 }, { i8*, { i64, i8* }, i64 }* %t126, i64 0, i32 2
  %t128 = load i64, i64* %t127
  %t129 = load i64, i64* %acc
  %t130 = sub i64 %t129, %t128
  store i64 %t130, i64* %acc
  %t131 = getelementptr %s0, %s0* %t118, i64 0, i32 1, i32 0
  %t132 = load i64, i64* %t131
  %t133 = or i64 %t1, %t68
  %t134 = icmp sge i64 %t132, %t133
  br i1 %t134, label %b135, label %b136
b135:
  %t138 = load i64, i64* %acc
  %t139 = add i64 %t138, 339
  store i64 %t139, i64* %acc
  br label %b137
b136:
  %t140 = load i64, i64* %acc
  %t141 = xor i64 %t140, 425
  store i64 %t141, i64* %acc
  br label %b137
b137:
  %t142 = load i64, i64* %t131
  %t143 = mul i64 %t68, %t142
  %t144 = sub i64 4096, %t133
  %t145 = load i64, i64* @a0
  %t146 = xor i64 0, %t145
  %t147 = load i64, i64* @g0
  %t148 = and i64 -33, 63
  %t149 = ashr i64 -6050088585334603041, %t148
  %t150 = load i64, i64* @a0
  %t151 = mul i64 %t145, -9223372036854775808
  %t152 = sub i64 %t145, 1024
  %t153 = getelementptr %s0, %s0* @a1, i64 0, i32 1, i32 0
  %t154 = load i64, i64* %t153
  %t155 = load i64, i64* %t153
  %t156 = load i64, i64* @g0
  %t157 = call i64 @l0_0(i64 %t151, i64 -14, i64 %t152, i64 -41, i64 %t154, i64 %t155, i64 %t148, i64 %t156)
  %t158 = call i64 @l0_0(i64 3, i64 %t68, i64 %t149, i64 %t133, i64 %t150, i64 2, i64 %t157, i64 %t144)
  %t159 = getelementptr %s0, %s0* @a1, i64 0, i32 1
  %t160 = getelementptr { i64, i64* }, { i64, i64* }* %t159, i64 0, i32 0
  %t161 = load i64, i64* %t160
  %t162 = sub i64 1125899906842623, %t161
  %t163 = and i64 274877906944, 17592186044415
  %t164 = add i64 %t151, %t156
  %t165 = xor i64 %t154, %t158
  %t166 = call i64 @l0_1(i64 %t162, i64 %t161, i64 %t163, i64 %t164, i64 36, i64 %t67, i64 %t162, i64 %t165)
  %t167 = getelementptr { i64, i64* }, { i64, i64* }* %t159, i64 0, i32 0
  %t168 = load i64, i64* %t167
  %t169 = ashr i64 %t168, 25
  %t170 = load i64, i64* %t160
  %t171 = load i64, i64* %t167
  %t172 = and i64 -2, 63
  %t173 = lshr i64 %t171, %t172
  %t174 = getelementptr %s0, %s0* @a1, i64 0, i32 2
  %t175 = load i64, i64* %t174
  %t176 = call i64 @l0_0(i64 %t147, i64 %t158, i64 %t166, i64 %t169, i64 %t170, i64 7, i64 %t173, i64 %t175)
  %t177 = load i64, i64* %t160
  %t178 = call i64 @l0_0(i64 %t143, i64 %t144, i64 -4, i64 %t146, i64 %t68, i64 %t176, i64 -9223372036854775808, i64 %t177)
  %t179 = load i64, i64* @a0
  %t180 = load i64, i64* %t174
  %t181 = or i64 7, %t180
  %t182 = getelementptr %s0, %s0* @a1, i64 0, i32 2
  %t183 = load i64, i64* %t182
  %t184 = shl i64 %t142, 17
  %t185 = sub i64 %t151, %t145
  %t186 = call i64 @l0_0(i64 %t178, i64 %t158, i64 %t179, i64 %t181, i64 %t183, i64 %t184, i64 %t185, i64 %t180)
  %t187 = load i64, i64* %acc
  %t188 = add i64 %t187, %t186
  store i64 %t188, i64* %acc
  br label %b101
}
