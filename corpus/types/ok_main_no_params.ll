; Accepted: main may take no parameters, as in the spec's own factorial example.
; CHECK-DIVERGES-FROM-REFERENCE: main's parameters: the reference insists on main(i64, i8**) and cannot run a main()
; CHECK-RESULT: 12
define i64 @main() {
  ret i64 12
}
