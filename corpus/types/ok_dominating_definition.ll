; Accepted: a local defined in the entry block and used in later blocks on every path (it dominates them).
; %x = 6; both branches use it; the taken one (1 eq 1) returns %x * 7 = 42.
; CHECK-RESULT: 42
define i64 @main() {
  %x = add i64 2, 4
  %c = icmp eq i64 1, 1
  br i1 %c, label %a, label %b
a:
  %r = mul i64 %x, 7
  br label %j
b:
  br label %j
j:
  %s = add i64 %x, 36
  ret i64 %s
}
