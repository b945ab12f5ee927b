; getelementptr over {i64} through an i64*: "getelementptr T1* OP1" needs the pointer type T1*.
; CHECK-ILL-TYPED: gep-type
define i64 @main() {
  %p = alloca i64
  %q = getelementptr {i64}, i64* %p, i32 0, i32 0
  ret i64 0
}
