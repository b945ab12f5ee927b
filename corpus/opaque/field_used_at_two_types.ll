; DTrans shape: a pointer field used at two types. %Box's field 1 first
; holds a pointer to an i64 slot (7), then a pointer to a %Pair {5, 6}; each
; is loaded back and read at its own type: 7 + 6 = 13. The oracle checks
; each load against the type the memory was created with, so both reads
; are defined.
; CHECK-RESULT: 13

%Box = type { i64, ptr }
%Pair = type { i64, i64 }

define i64 @main() {
  %b = alloca %Box
  %slot = alloca i64
  store i64 7, ptr %slot
  %pair = alloca %Pair
  %p0 = getelementptr %Pair, ptr %pair, i64 0, i32 0
  store i64 5, ptr %p0
  %p1 = getelementptr %Pair, ptr %pair, i64 0, i32 1
  store i64 6, ptr %p1
  %f = getelementptr %Box, ptr %b, i64 0, i32 1
  store ptr %slot, ptr %f
  %x = load ptr, ptr %f
  %xv = load i64, ptr %x
  store ptr %pair, ptr %f
  %y = load ptr, ptr %f
  %yf = getelementptr %Pair, ptr %y, i64 0, i32 1
  %yv = load i64, ptr %yf
  %r = add i64 %xv, %yv
  ret i64 %r
}
