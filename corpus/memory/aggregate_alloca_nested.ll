; alloca of a struct holding an array ({i64, [3 x i64]}, extension): GEP two levels deep into the frame.
; s.0 = 2; s.1[2] = 50; s.1[2] - s.0 = 48.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-RESULT: 48
define i64 @main() {
  %s = alloca {i64, [3 x i64]}
  %h = getelementptr {i64, [3 x i64]}, {i64, [3 x i64]}* %s, i32 0, i32 0
  %e = getelementptr {i64, [3 x i64]}, {i64, [3 x i64]}* %s, i32 0, i32 1, i32 2
  store i64 2, i64* %h
  store i64 50, i64* %e
  %a = load i64, i64* %e
  %b = load i64, i64* %h
  %r = sub i64 %a, %b
  ret i64 %r
}
