; Named types may be mutually recursive when each cycle passes under a *; globals may refer to each other cyclically.
; %a = {i64, %b*}, %b = {i64, %a*}: @x = {3, @y}, @y = {4, @x}. x.0 = 3; x.1 -> y, y.0 = 4; y.1 -> x, x.0 = 3: 3 + 4 + 3 = 10.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags @y in @x's initializer with %b*, so GEP %b over it is undef there
; CHECK-RESULT: 10
%a = type {i64, %b*}
%b = type {i64, %a*}
@x = global %a {i64 3, %b* @y}
@y = global %b {i64 4, %a* @x}
define i64 @main() {
  %x0 = getelementptr %a, %a* @x, i32 0, i32 0
  %x1 = getelementptr %a, %a* @x, i32 0, i32 1
  %vx = load i64, i64* %x0
  %py = load %b*, %b** %x1
  %y0 = getelementptr %b, %b* %py, i32 0, i32 0
  %y1 = getelementptr %b, %b* %py, i32 0, i32 1
  %vy = load i64, i64* %y0
  %px = load %a*, %a** %y1
  %x0b = getelementptr %a, %a* %px, i32 0, i32 0
  %vx2 = load i64, i64* %x0b
  %s1 = add i64 %vx, %vy
  %s2 = add i64 %s1, %vx2
  ret i64 %s2
}
