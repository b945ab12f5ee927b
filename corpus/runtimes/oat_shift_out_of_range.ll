; An Oat `<<` by a negative amount (-6) compiles to a shl by -6: shift-out-of-range (LLVM: poison; x86 masks
; the amount to 58).
; CHECK-RUNTIME: oat-eth
; CHECK-UNDEFINED: shift-out-of-range
declare void @print_int(i64)

define i64 @program(i64 %argc, { i64, [0 x i8*] }* %argv) {
  %n = sub i64 %argc, 7
  %x = shl i64 1, %n
  call void @print_int(i64 %x)
  ret i64 0
}
