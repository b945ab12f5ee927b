; Globals may refer to globals defined later in the file: @first points to
; @second, defined after it. Loading through @first gives 99.
; CHECK-RESULT: 99
@first = global i64* @second
@second = global i64 99

define i64 @main() {
  %p = load i64*, i64** @first
  %v = load i64, i64* %p
  ret i64 %v
}
