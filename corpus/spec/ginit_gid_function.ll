; Global initializer form `@IDENT` naming a function: a function pointer global, called after a load: inc(41) = 42.
; CHECK-RESULT: 42
@fp = global i64 (i64)* @inc
define i64 @inc(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}
define i64 @main() {
  %f = load i64 (i64)*, i64 (i64)** @fp
  %r = call i64 %f(i64 41)
  ret i64 %r
}
