; alloca {i1, {}, i64}: is &s.1 == &s.2? No bitcast of the memory at all; both GEPs follow the allocated type.
;   course layout: s.0 takes 8 bytes, {} takes 0: s.1 at 8, s.2 at 8. Equal.
;   LLVM's layout: s.0 takes 1 byte, {} (alignment 1) at 1, the i64 aligned to 8 at 8. Unequal.
; The same block, equal in one layout and not in the other: ambiguous-pointer-eq.
; CHECK-UNDEFINED: ambiguous-pointer-eq
define i64 @main() {
  %s = alloca {i1, {}, i64}
  %p1 = getelementptr {i1, {}, i64}, {i1, {}, i64}* %s, i32 0, i32 1
  %p2 = getelementptr {i1, {}, i64}, {i1, {}, i64}* %s, i32 0, i32 2
  %c1 = bitcast {}* %p1 to i64*
  %c = icmp eq i64* %c1, %p2
  br i1 %c, label %same, label %differ
same:
  ret i64 1
differ:
  ret i64 0
}
