; Storing i64 through a pointer to an array element that is itself an array node ([2 x [2 x i64]] row 1, bitcast to i64*):
; the target is a node, not a word: out-of-bounds.
; Order per docs/semantics.md "Load / store": Ptr?, then "the path must reach a word" (out-of-bounds), then the tag
; (incompatible-tag). The oracle at de1fd01 checks the tag first and says incompatible-tag: an oracle bug to fix
; (with its order, out-of-bounds is unreachable for any well-typed program).
; CHECK-UNDEFINED: out-of-bounds
@m = global [2 x [2 x i64]] [[2 x i64] [i64 1, i64 2], [2 x i64] [i64 3, i64 4]]
define i64 @main() {
  %row = getelementptr [2 x [2 x i64]], [2 x [2 x i64]]* @m, i32 0, i32 1
  %p = bitcast [2 x i64]* %row to i64*
  store i64 9, i64* %p
  ret i64 0
}
