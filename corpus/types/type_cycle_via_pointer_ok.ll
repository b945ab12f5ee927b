; Accepted counterpart of the type-cycle rejections: the cycles %list -> %list* and %a -> %b* -> %a pass under a *.
; The list node's next field is null: 5.
; CHECK-RESULT: 5
%list = type {i64, %list*}
%a = type {%b*, i64}
%b = type {%a, i64}
@node = global %list {i64 5, %list* null}
define i64 @main() {
  %v = getelementptr %list, %list* @node, i32 0, i32 0
  %r = load i64, i64* %v
  ret i64 %r
}
