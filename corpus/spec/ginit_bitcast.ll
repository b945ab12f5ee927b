; Global initializer form `bitcast (T1* G1 to T2*)` (type T2*): @p holds @x's address typed as i1*.
; Bitcast keeps the pointer (tag i64, @x's declared type), so casting back to i64* and loading gives 9.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags the initializer's pointer with a pointer type, so the i64 load fails there
; CHECK-RESULT: 9
@x = global i64 9
@p = global i1* bitcast (i64* @x to i1*)
define i64 @main() {
  %b = load i1*, i1** @p
  %q = bitcast i1* %b to i64*
  %v = load i64, i64* %q
  ret i64 %v
}
