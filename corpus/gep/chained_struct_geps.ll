; GEP to a struct field that is itself a struct, then a second GEP into it (i0 = 0 both times).
; outer = {1, {2, 3}}: &outer.1 is %inner* (path [0,1]); its field 1 is path [0,1,1] = 3, offset 8 + 8 = 16 both ways.
; Store 30 there, read back through one three-index GEP: 30.
; CHECK-RESULT: 30
%inner = type {i64, i64}
%outer = type {i64, %inner}
@o = global %outer {i64 1, %inner {i64 2, i64 3}}
define i64 @main() {
  %pi = getelementptr %outer, %outer* @o, i32 0, i32 1
  %q = getelementptr %inner, %inner* %pi, i32 0, i32 1
  store i64 30, i64* %q
  %q2 = getelementptr %outer, %outer* @o, i32 0, i32 1, i32 1
  %v = load i64, i64* %q2
  ret i64 %v
}
