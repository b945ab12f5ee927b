; shl by 64 (computed at run time): outside 0..=63: shift-out-of-range (LLVM: poison; x86 would mask to 0).
; CHECK-DIVERGES-FROM-REFERENCE: shifts: the reference gives whatever OCaml's Int64 shift gives for an amount outside 0..63 (unspecified)
; CHECK-UNDEFINED: shift-out-of-range
define i64 @main() {
  %n = add i64 60, 4
  %x = shl i64 1, %n
  ret i64 %x
}
