; Compatible annotation via PTRTOI8: {i1*, i64} over the actual {i64*, i64}: both flatten to [i8*, i64].
; field 1 = 7. field 0's GEP has type i1**; bitcast to i64** and load at the real tag i64*: @g, which holds 5.
; 7 + 5 = 12. (The initializer's @g is tagged with @g's declared type i64, so loading i64 through it is fine.)
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags the stored @g with i64*, so the final i64 load fails there
; CHECK-RESULT: 12
@g = global i64 5
@s = global {i64*, i64} {i64* @g, i64 7}
define i64 @main() {
  %p = bitcast {i64*, i64}* @s to {i1*, i64}*
  %q1 = getelementptr {i1*, i64}, {i1*, i64}* %p, i32 0, i32 1
  %a = load i64, i64* %q1
  %q0 = getelementptr {i1*, i64}, {i1*, i64}* %p, i32 0, i32 0
  %q0c = bitcast i1** %q0 to i64**
  %gp = load i64*, i64** %q0c
  %b = load i64, i64* %gp
  %r = add i64 %a, %b
  ret i64 %r
}
