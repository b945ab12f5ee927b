; bitcast T OP to T for a non-pointer T is the identity (a course form; a course test does
; bitcast i64 255 to i64). 255 + (x cast to itself, x = 3) = 258; the i1 cast keeps 1.
; CHECK-RESULT: 258
define i64 @main() {
  %a = bitcast i64 255 to i64
  %x = add i64 1, 2
  %b = bitcast i64 %x to i64
  %t = icmp eq i64 %b, 3
  %u = bitcast i1 %t to i1
  br i1 %u, label %ok, label %bad
ok:
  %r = add i64 %a, %b
  ret i64 %r
bad:
  ret i64 0
}
