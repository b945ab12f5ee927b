; icmp slt on pointers: only eq/ne are defined on pointers: pointer-order-compare.
; CHECK-UNDEFINED: pointer-order-compare
; CHECK-DIVERGES-FROM-REFERENCE: pointer order: the reference crashes (an unclassified error) on slt between pointers
@a = global i64 1
@b = global i64 2
define i64 @main() {
  %c = icmp slt i64* @a, @b
  br i1 %c, label %t, label %f
t:
  ret i64 1
f:
  ret i64 0
}
