; Benchmark: build a 1,000-node linked list in allocas, then walk it 3,000
; times summing the values (1 + ... + 1000 = 500500 per walk).
; main returns 3000 * 500500 = 1501500000.
%node = type { i64, %node* }

define i64 @sum(%node* %head) {
  %acc = alloca i64
  %cur = alloca %node*
  store i64 0, i64* %acc
  store %node* %head, %node** %cur
  br label %loop
loop:
  %p = load %node*, %node** %cur
  %isnull = icmp eq %node* %p, null
  br i1 %isnull, label %done, label %body
body:
  %vp = getelementptr %node, %node* %p, i64 0, i32 0
  %v = load i64, i64* %vp
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %v
  store i64 %a2, i64* %acc
  %np = getelementptr %node, %node* %p, i64 0, i32 1
  %n = load %node*, %node** %np
  store %node* %n, %node** %cur
  br label %loop
done:
  %r = load i64, i64* %acc
  ret i64 %r
}

define i64 @walk(%node* %head, i64 %times) {
  %k = alloca i64
  %tot = alloca i64
  store i64 0, i64* %k
  store i64 0, i64* %tot
  br label %loop
loop:
  %kv = load i64, i64* %k
  %c = icmp slt i64 %kv, %times
  br i1 %c, label %body, label %done
body:
  %s = call i64 @sum(%node* %head)
  %t = load i64, i64* %tot
  %t2 = add i64 %t, %s
  store i64 %t2, i64* %tot
  %kv2 = add i64 %kv, 1
  store i64 %kv2, i64* %k
  br label %loop
done:
  %r = load i64, i64* %tot
  ret i64 %r
}

define i64 @build(i64 %n, %node* %rest, i64 %times) {
  %cell = alloca %node
  %vp = getelementptr %node, %node* %cell, i64 0, i32 0
  store i64 %n, i64* %vp
  %np = getelementptr %node, %node* %cell, i64 0, i32 1
  store %node* %rest, %node** %np
  %last = icmp eq i64 %n, 1
  br i1 %last, label %go, label %more
go:
  %r = call i64 @walk(%node* %cell, i64 %times)
  ret i64 %r
more:
  %n1 = sub i64 %n, 1
  %r2 = call i64 @build(i64 %n1, %node* %cell, i64 %times)
  ret i64 %r2
}

define i64 @main() {
  %r = call i64 @build(i64 1000, %node* null, i64 3000)
  ret i64 %r
}
