; main taking one i64: the entry function takes () or (i64 argc, i8** argv).
; CHECK-ILL-TYPED: main-type
define i64 @main(i64 %argc) {
  ret i64 %argc
}
