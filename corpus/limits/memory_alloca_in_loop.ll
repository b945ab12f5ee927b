; alloca in a loop grows the frame without bound (frames are freed only by ret); each round adds a
; [1000000 x i64] subtree (8 MB natively), so memory runs out after few rounds, long before fuel: memory-exhausted.
; CHECK-LIMIT: memory-exhausted
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates one undef word per alloca whatever the type, so it grows far slower there
define i64 @main() {
  br label %loop
loop:
  %a = alloca [1000000 x i64]
  br label %loop
}
