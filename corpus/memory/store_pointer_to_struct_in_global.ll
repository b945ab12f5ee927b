; A global pointer slot (initialised null) later pointed at a stack struct; load through it (pointer to struct type).
; the slot gets the alloca'd {i64,i64} (extension) address; s.1 = 13 via the global; reread via %s: 13.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-RESULT: 13
@slot = global {i64, i64}* null
define i64 @main() {
  %s = alloca {i64, i64}
  store {i64, i64}* %s, {i64, i64}** @slot
  %p = load {i64, i64}*, {i64, i64}** @slot
  %f = getelementptr {i64, i64}, {i64, i64}* %p, i32 0, i32 1
  store i64 13, i64* %f
  %g = getelementptr {i64, i64}, {i64, i64}* %s, i32 0, i32 1
  %r = load i64, i64* %g
  ret i64 %r
}
