; A recursive named type (%node = {i64, %node*}) in global data, traversed until null: 1 + 2 + 3 = 6.
; The pointers stored by the initializers are tagged with the named global's declared type %node.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags @n2 in @n1's initializer with %node*, so GEP %node over it is undef there
; CHECK-RESULT: 6
%node = type {i64, %node*}
@n3 = global %node {i64 3, %node* null}
@n2 = global %node {i64 2, %node* @n3}
@n1 = global %node {i64 1, %node* @n2}
define i64 @main() {
  %cur = alloca %node*
  %sum = alloca i64
  store %node* @n1, %node** %cur
  store i64 0, i64* %sum
  br label %cond
cond:
  %p = load %node*, %node** %cur
  %end = icmp eq %node* %p, null
  br i1 %end, label %done, label %body
body:
  %vp = getelementptr %node, %node* %p, i32 0, i32 0
  %v = load i64, i64* %vp
  %s = load i64, i64* %sum
  %s2 = add i64 %s, %v
  store i64 %s2, i64* %sum
  %np = getelementptr %node, %node* %p, i32 0, i32 1
  %n = load %node*, %node** %np
  store %node* %n, %node** %cur
  br label %cond
done:
  %r = load i64, i64* %sum
  ret i64 %r
}
