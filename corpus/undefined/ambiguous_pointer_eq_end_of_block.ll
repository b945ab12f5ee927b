; @a = {i64, {}}: field 1 has size 0, so its address is one past the end of @a (byte 8 of 8).
; Natively @b may follow @a directly, so whether that pointer equals @b is the compiler's choice
; (lli and our own back end say equal, a reading by blocks says unequal): ambiguous-pointer-eq.
; CHECK-UNDEFINED: ambiguous-pointer-eq
@a = global {i64, {}} {i64 1, {} {}}
@b = global i64 2
define i64 @main() {
  %e = getelementptr {i64, {}}, {i64, {}}* @a, i64 0, i32 1
  %p = bitcast {}* %e to i64*
  %c = icmp eq i64* %p, @b
  br i1 %c, label %same, label %other
same:
  ret i64 1
other:
  ret i64 2
}
