; ashr by i64::MAX: shift-out-of-range.
; CHECK-DIVERGES-FROM-REFERENCE: shifts: the reference gives whatever OCaml's Int64 shift gives for an amount outside 0..63 (unspecified)
; CHECK-UNDEFINED: shift-out-of-range
define i64 @main() {
  %x = ashr i64 -8, 9223372036854775807
  ret i64 %x
}
