; alloca of an aggregate (a struct): an extension; the oracle allocates a subtree of undef for the whole type.
; fields 0 and 1 get 6 and 7 via GEP; 6 * 7 = 42.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type, so the GEPs fail there
; CHECK-RESULT: 42
define i64 @main() {
  %s = alloca {i64, i64}
  %f0 = getelementptr {i64, i64}, {i64, i64}* %s, i32 0, i32 0
  %f1 = getelementptr {i64, i64}, {i64, i64}* %s, i32 0, i32 1
  store i64 6, i64* %f0
  store i64 7, i64* %f1
  %a = load i64, i64* %f0
  %b = load i64, i64* %f1
  %r = mul i64 %a, %b
  ret i64 %r
}
