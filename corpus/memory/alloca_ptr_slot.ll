; alloca of a pointer type (i64*): store a global's address in it, load the pointer, load through it.
; @g holds 9; store 30 through the loaded pointer; reading @g directly then gives 30; 30 + 9 = 39.
; CHECK-RESULT: 39
@g = global i64 9
define i64 @main() {
  %slot = alloca i64*
  store i64* @g, i64** %slot
  %p = load i64*, i64** %slot
  %old = load i64, i64* %p
  store i64 30, i64* %p
  %new = load i64, i64* @g
  %s = add i64 %new, %old
  ret i64 %s
}
