; Mutually recursive named types %a = { i64, %b* }, %b = { i64, %a* } and two
; globals that point to each other. Walking a -> b -> a -> b -> a reads
; 1 + 2 + 1 + 2 + 1 = 7.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 7
%a = type { i64, %b* }
%b = type { i64, %a* }

@ga = global %a { i64 1, %b* @gb }
@gb = global %b { i64 2, %a* @ga }

define i64 @main() {
  %av = getelementptr %a, %a* @ga, i32 0, i32 0
  %an = getelementptr %a, %a* @ga, i32 0, i32 1
  %v1 = load i64, i64* %av
  %b1 = load %b*, %b** %an
  %bv = getelementptr %b, %b* %b1, i32 0, i32 0
  %bn = getelementptr %b, %b* %b1, i32 0, i32 1
  %v2 = load i64, i64* %bv
  %a2 = load %a*, %a** %bn
  %a2v = getelementptr %a, %a* %a2, i32 0, i32 0
  %a2n = getelementptr %a, %a* %a2, i32 0, i32 1
  %v3 = load i64, i64* %a2v
  %b2 = load %b*, %b** %a2n
  %b2v = getelementptr %b, %b* %b2, i32 0, i32 0
  %b2n = getelementptr %b, %b* %b2, i32 0, i32 1
  %v4 = load i64, i64* %b2v
  %a3 = load %a*, %a** %b2n
  %a3v = getelementptr %a, %a* %a3, i32 0, i32 0
  %v5 = load i64, i64* %a3v
  %s1 = add i64 %v1, %v2
  %s2 = add i64 %s1, %v3
  %s3 = add i64 %s2, %v4
  %s4 = add i64 %s3, %v5
  ret i64 %s4
}
