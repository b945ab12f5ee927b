; alloca in a loop grows the frame without bound (frames are freed only by ret); each round adds a
; [1000000 x i64] subtree (8 MB natively). In LLVM's model each run of an alloca outside the entry block takes
; 8,000,000 more bytes of stack, so the fifth run passes the 32 MiB stack budget (5 * 8,000,000 > 33,554,432),
; long before memory (16 rounds) or fuel: stack-exhausted.
; CHECK-LIMIT: stack-exhausted
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates one undef word per alloca whatever the type, so it grows far slower there
define i64 @main() {
  br label %loop
loop:
  %a = alloca [1000000 x i64]
  br label %loop
}
