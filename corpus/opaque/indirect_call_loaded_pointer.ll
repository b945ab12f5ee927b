; DTrans shape: an indirect call through a function pointer loaded from a
; struct field and from a global table, all opaque. The vtable field holds
; @twice: twice(20) = 40; the table's element 1 is @inc: inc(40) = 41.
; CHECK-RESULT: 41

%Obj = type { i64, ptr }

@table = global [2 x ptr] [ptr @twice, ptr @inc]

define i64 @twice(i64 %x) {
  %r = mul i64 %x, 2
  ret i64 %r
}

define i64 @inc(i64 %x) {
  %r = add i64 %x, 1
  ret i64 %r
}

define i64 @main() {
  %o = alloca %Obj
  %fp = getelementptr %Obj, ptr %o, i64 0, i32 1
  store ptr @twice, ptr %fp
  %f = load ptr, ptr %fp
  %a = call i64 %f(i64 20)
  %gp = getelementptr [2 x ptr], ptr @table, i64 0, i64 1
  %g = load ptr, ptr %gp
  %b = call i64 %g(i64 %a)
  ret i64 %b
}
