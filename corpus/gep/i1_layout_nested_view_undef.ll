; %A = {i1, {i1, i64}, i64} read through %T = {{i1, i1}, i64, i64} (FLATTEN of both is [i1, i1, i64, i64],
; so T is compatible with A). `getelementptr %T, %T* %p, i32 0, i32 2` is the byte offset of T's field 2:
;   course layout (every scalar 8 bytes, no padding): T: {i1, i1} at 0 (16 bytes), i64 at 16, field 2 at 24;
;                  A: i1 at 0, {i1, i64} at 8 (16 bytes), field 2 at 24. Equal: the course answer is A.2 = 333.
;   LLVM's layout (i1 one byte, i64 aligned to 8): T: {i1, i1} at 0 (2 bytes), i64 at 8, field 2 at 16;
;                  A: i1 at 0, {i1, i64} aligned to 8 at 8 (its i64 at 16), field 2 at 24.
;                  16 != 24: LLVM reads byte 16, A.1.1 = 222.
; The two layouts disagree, so the layout check (check 6) makes the GEP undef and the load is undef-ptr-deref.
; CHECK-DIVERGES-FROM-REFERENCE: layouts: the reference follows the literal path and returns A.2 = 333
; CHECK-UNDEFINED: undef-ptr-deref
%A = type {i1, {i1, i64}, i64}
%T = type {{i1, i1}, i64, i64}
define i64 @main() {
  %a = alloca %A
  %f0 = getelementptr %A, %A* %a, i32 0, i32 0
  store i1 1, i1* %f0
  %f10 = getelementptr %A, %A* %a, i32 0, i32 1, i32 0
  store i1 0, i1* %f10
  %f11 = getelementptr %A, %A* %a, i32 0, i32 1, i32 1
  store i64 222, i64* %f11
  %f2 = getelementptr %A, %A* %a, i32 0, i32 2
  store i64 333, i64* %f2
  %p = bitcast %A* %a to %T*
  %q = getelementptr %T, %T* %p, i32 0, i32 2
  %v = load i64, i64* %q
  ret i64 %v
}
