; lshr by -1: negative amounts are outside 0..=63: shift-out-of-range.
; CHECK-DIVERGES-FROM-REFERENCE: shifts: the reference gives whatever OCaml's Int64 shift gives for an amount outside 0..63 (unspecified)
; CHECK-UNDEFINED: shift-out-of-range
define i64 @main() {
  %x = lshr i64 1024, -1
  ret i64 %x
}
