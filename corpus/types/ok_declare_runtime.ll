; Accepted: a declare of a runtime function at its runtime type, used through a function pointer local too.
; CHECK-STDOUT: via pointer
; CHECK-RESULT: 0
@s = global [12 x i8] c"via pointer\00"
declare void @ll_puts(i8*)
define i64 @main() {
  %slot = alloca void (i8*)*
  store void (i8*)* @ll_puts, void (i8*)** %slot
  %f = load void (i8*)*, void (i8*)** %slot
  %p = getelementptr [12 x i8], [12 x i8]* @s, i32 0, i32 0
  call void %f(i8* %p)
  ret i64 0
}
