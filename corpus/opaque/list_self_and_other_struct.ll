; DTrans shape: a struct with pointer fields to itself and to another struct,
; written with opaque pointers. Three nodes n1 -> n2 -> n3 -> null; each
; points to a %Data whose field 0 holds a weight. The walk sums
; key * weight: 1*10 + 2*20 + 3*30 = 140.
; CHECK-RESULT: 140

%Node = type { i64, ptr, ptr }
%Data = type { i64, i64 }

define i64 @sum(ptr %n) {
  %acc = alloca i64
  store i64 0, ptr %acc
  %cur = alloca ptr
  store ptr %n, ptr %cur
  br label %loop
loop:
  %p = load ptr, ptr %cur
  %done = icmp eq ptr %p, null
  br i1 %done, label %out, label %body
body:
  %kp = getelementptr %Node, ptr %p, i64 0, i32 0
  %k = load i64, ptr %kp
  %dpp = getelementptr %Node, ptr %p, i64 0, i32 2
  %d = load ptr, ptr %dpp
  %wp = getelementptr %Data, ptr %d, i64 0, i32 0
  %w = load i64, ptr %wp
  %kw = mul i64 %k, %w
  %a = load i64, ptr %acc
  %a2 = add i64 %a, %kw
  store i64 %a2, ptr %acc
  %np = getelementptr %Node, ptr %p, i64 0, i32 1
  %next = load ptr, ptr %np
  store ptr %next, ptr %cur
  br label %loop
out:
  %r = load i64, ptr %acc
  ret i64 %r
}

define void @init(ptr %n, i64 %k, ptr %next, ptr %d, i64 %w) {
  %kp = getelementptr %Node, ptr %n, i64 0, i32 0
  store i64 %k, ptr %kp
  %np = getelementptr %Node, ptr %n, i64 0, i32 1
  store ptr %next, ptr %np
  %dp = getelementptr %Node, ptr %n, i64 0, i32 2
  store ptr %d, ptr %dp
  %wp = getelementptr %Data, ptr %d, i64 0, i32 0
  store i64 %w, ptr %wp
  ret void
}

define i64 @main() {
  %n1 = alloca %Node
  %n2 = alloca %Node
  %n3 = alloca %Node
  %d1 = alloca %Data
  %d2 = alloca %Data
  %d3 = alloca %Data
  call void @init(ptr %n3, i64 3, ptr null, ptr %d3, i64 30)
  call void @init(ptr %n2, i64 2, ptr %n3, ptr %d2, i64 20)
  call void @init(ptr %n1, i64 1, ptr %n2, ptr %d1, i64 10)
  %s = call i64 @sum(ptr %n1)
  ret i64 %s
}
