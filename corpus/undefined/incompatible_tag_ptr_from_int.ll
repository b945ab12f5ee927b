; Loading a pointer from an i64 global via bitcast: tag i64 is not i64*: incompatible-tag (no int-to-pointer casts).
; CHECK-UNDEFINED: incompatible-tag
@g = global i64 4096
define i64 @main() {
  %c = bitcast i64* @g to i64**
  %p = load i64*, i64** %c
  ret i64 0
}
