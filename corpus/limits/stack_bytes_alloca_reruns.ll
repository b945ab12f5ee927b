; The stack budget counts the larger of two models per call: course back ends give each alloca instruction one
; fixed area (here 8,000 bytes for [1000 x i64], whatever the number of runs), LLVM's code takes new stack
; every time an alloca outside the entry block runs (8,000 bytes, a multiple of 16, per run). Before the loop
; main needs 72 bytes in LLVM's model (64 of overhead, an 8-byte slot for %a); after k runs 72 + 8,000 k. Run
; 4,194 makes it 33,552,072, within the 32 MiB budget (33,554,432); run 4,195 would make it 33,560,072:
; stack-exhausted, long before memory (16,000 runs of 1,000 cells) or fuel.
; CHECK-LIMIT: stack-exhausted
define i64 @main() {
  br label %loop
loop:
  %a = alloca [1000 x i64]
  br label %loop
}
