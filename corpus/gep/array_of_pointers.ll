; A global array of pointers to globals: load ptrs[1] -> @b (2); store 40 through ptrs[0] into @a; @a + *ptrs[1] = 42.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags @a and @b in the initializer with i64*, so the i64 accesses through them fail there
; CHECK-RESULT: 42
@a = global i64 1
@b = global i64 2
@ptrs = global [2 x i64*] [i64* @a, i64* @b]
define i64 @main() {
  %e1 = getelementptr [2 x i64*], [2 x i64*]* @ptrs, i32 0, i32 1
  %pb = load i64*, i64** %e1
  %vb = load i64, i64* %pb
  %e0 = getelementptr [2 x i64*], [2 x i64*]* @ptrs, i32 0, i32 0
  %pa = load i64*, i64** %e0
  store i64 40, i64* %pa
  %va = load i64, i64* @a
  %r = add i64 %va, %vb
  ret i64 %r
}
