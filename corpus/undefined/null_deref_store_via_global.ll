; Storing through a null pointer read from a global initialised with null: null-deref.
; CHECK-UNDEFINED: null-deref
@p = global i64* null
define i64 @main() {
  %q = load i64*, i64** @p
  store i64 1, i64* %q
  ret i64 0
}
