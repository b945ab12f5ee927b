; An array of pointers to other globals: [@a, @b, @c] with a = 1, b = 20, c = 300.
; Storing 4000 through element 1 changes @b. Sum of the targets: 1 + 4000 + 300 = 4301
; (exit status 4301 - 16 * 256 = 205).
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 4301
@a = global i64 1
@b = global i64 20
@c = global i64 300
@ptrs = global [3 x i64*] [i64* @a, i64* @b, i64* @c]

define i64 @main() {
  %s1 = getelementptr [3 x i64*], [3 x i64*]* @ptrs, i64 0, i64 1
  %pb = load i64*, i64** %s1
  store i64 4000, i64* %pb
  %s0 = getelementptr [3 x i64*], [3 x i64*]* @ptrs, i64 0, i64 0
  %s2 = getelementptr [3 x i64*], [3 x i64*]* @ptrs, i64 0, i64 2
  %pa = load i64*, i64** %s0
  %pc = load i64*, i64** %s2
  %va = load i64, i64* %pa
  %vb = load i64, i64* @b
  %vc = load i64, i64* %pc
  %t = add i64 %va, %vb
  %r = add i64 %t, %vc
  ret i64 %r
}
