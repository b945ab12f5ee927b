; Function pointers as struct fields ("objects" with a method): each %op holds
; an operand and a binary function; apply(op, x) = op.fn(op.k, x).
; {7, @mul} applied to 6 = 42; {100, @sub} applied to 58 = 42. Result 42 + 42 = 84.
; CHECK-RESULT: 84
%op = type { i64, i64 (i64, i64)* }

@times7 = global %op { i64 7, i64 (i64, i64)* @mul }
@minus_from_100 = global %op { i64 100, i64 (i64, i64)* @sub }

define i64 @mul(i64 %a, i64 %b) {
  %r = mul i64 %a, %b
  ret i64 %r
}

define i64 @sub(i64 %a, i64 %b) {
  %r = sub i64 %a, %b
  ret i64 %r
}

define i64 @apply(%op* %o, i64 %x) {
  %kp = getelementptr %op, %op* %o, i32 0, i32 0
  %k = load i64, i64* %kp
  %fp = getelementptr %op, %op* %o, i32 0, i32 1
  %f = load i64 (i64, i64)*, i64 (i64, i64)** %fp
  %r = call i64 %f(i64 %k, i64 %x)
  ret i64 %r
}

define i64 @main() {
  %a = call i64 @apply(%op* @times7, i64 6)
  %b = call i64 @apply(%op* @minus_from_100, i64 58)
  %r = add i64 %a, %b
  ret i64 %r
}
