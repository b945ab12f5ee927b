; Loading i64 through a pointer whose target is a struct node, not a word: @s bitcast to i64* still has path [0],
; the {i64, i64} node. The path does not reach a word: out-of-bounds (stricter than native code, which would read s.0).
; Order per docs/semantics.md "Load / store": Ptr?, then "the path must reach a word" (out-of-bounds), then the tag
; (incompatible-tag). The oracle at de1fd01 checks the tag first and says incompatible-tag: an oracle bug to fix
; (with its order, out-of-bounds is unreachable for any well-typed program).
; CHECK-UNDEFINED: out-of-bounds
@s = global {i64, i64} {i64 1, i64 2}
define i64 @main() {
  %p = bitcast {i64, i64}* @s to i64*
  %v = load i64, i64* %p
  ret i64 %v
}
