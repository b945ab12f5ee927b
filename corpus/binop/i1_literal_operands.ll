; true/false/0/1 where an i1 is expected: a cbr condition, a stored i1, an i1 argument (extension).
; br i1 1 goes to %one; there @pick(i1 false) returns 10 (the false arm) and the slot holds true;
; reloaded true selects the +5 arm: 10 + 5 = 15.
; CHECK-DIVERGES-FROM-REFERENCE: i1 literals: the reference crashes on true/false/0/1 where an i1 is expected
; CHECK-RESULT: 15
define i64 @pick(i1 %b) {
  br i1 %b, label %t, label %f
t:
  ret i64 20
f:
  ret i64 10
}

define i64 @main() {
  %slot = alloca i1
  store i1 true, i1* %slot
  br i1 1, label %one, label %zero
one:
  %v = call i64 @pick(i1 false)
  %b = load i1, i1* %slot
  br i1 %b, label %plus, label %zero
plus:
  %r = add i64 %v, 5
  ret i64 %r
zero:
  ret i64 0
}
