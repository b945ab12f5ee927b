; A branch back to the (labelled) entry block: "in LLVM it is illegal to jump back to the entry block".
; CHECK-ILL-TYPED: entry-branch-target
define i64 @main() {
entry:
  br label %loop
loop:
  br label %entry
}
