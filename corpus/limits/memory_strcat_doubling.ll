; A string doubled by ll_strcat in an endless loop: after n rounds it is 2^n bytes, so the heap budget runs out
; long before the fuel does (40 rounds would already be a terabyte): memory-exhausted.
; CHECK-LIMIT: memory-exhausted
@seed = global [2 x i8] c"x\00"
declare i8* @ll_strcat(i8*, i8*)
define i64 @main() {
  %s = alloca i8*
  %p = getelementptr [2 x i8], [2 x i8]* @seed, i32 0, i32 0
  store i8* %p, i8** %s
  br label %loop
loop:
  %cur = load i8*, i8** %s
  %nxt = call i8* @ll_strcat(i8* %cur, i8* %cur)
  store i8* %nxt, i8** %s
  br label %loop
}
