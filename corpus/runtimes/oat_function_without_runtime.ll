; Under the spec's runtime (no CHECK-RUNTIME: `ll`) an Oat runtime function is not callable:
; call-undefined, whose message names the --runtime that has it.
; CHECK-ILL-TYPED: call-undefined
declare void @print_int(i64)

define i64 @main() {
  call void @print_int(i64 1)
  ret i64 0
}
