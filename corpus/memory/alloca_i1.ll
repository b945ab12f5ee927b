; alloca i1 with store/load at i1 (the spec's TODO: "compiling i1 load/store seems to work fine").
; store (3 slt 4) = 1, load, branch taken to %first; store (3 sge 4) = 0, load, branch not taken
; to %second, which returns 107 (%bad, returning 0, is reached only if an i1 round trip is wrong).
; CHECK-RESULT: 107
define i64 @main() {
  %b = alloca i1
  %lt = icmp slt i64 3, 4
  store i1 %lt, i1* %b
  %v1 = load i1, i1* %b
  br i1 %v1, label %first, label %bad
first:
  %ge = icmp sge i64 3, 4
  store i1 %ge, i1* %b
  %v2 = load i1, i1* %b
  br i1 %v2, label %bad, label %second
second:
  ret i64 107
bad:
  ret i64 0
}
