; A slot holding a pointer to a struct ({i64, i64}** local); GEP through the loaded pointer.
; @pair = {3, 11}; field 1 via the loaded pointer = 11; store 12 into field 0 via it; @pair's field 0 read directly = 12; 12 + 11 = 23.
; CHECK-RESULT: 23
%pair = type {i64, i64}
@pair = global %pair {i64 3, i64 11}
define i64 @main() {
  %slot = alloca %pair*
  store %pair* @pair, %pair** %slot
  %p = load %pair*, %pair** %slot
  %f1 = getelementptr %pair, %pair* %p, i32 0, i32 1
  %b = load i64, i64* %f1
  %f0 = getelementptr %pair, %pair* %p, i32 0, i32 0
  store i64 12, i64* %f0
  %d0 = getelementptr %pair, %pair* @pair, i32 0, i32 0
  %a = load i64, i64* %d0
  %r = add i64 %a, %b
  ret i64 %r
}
