; A recursive named type %node = type { i64, %node* }: a three-element list
; 1 -> 2 -> 3 -> null built from global initializers; walking it sums 6 and
; counts 3 nodes. Result 6 * 10 + 3 = 63.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 63
%node = type { i64, %node* }

@n3 = global %node { i64 3, %node* null }
@n2 = global %node { i64 2, %node* @n3 }
@n1 = global %node { i64 1, %node* @n2 }

define i64 @main() {
  %cur = alloca %node*
  %sum = alloca i64
  %len = alloca i64
  store %node* @n1, %node** %cur
  store i64 0, i64* %sum
  store i64 0, i64* %len
  br label %head
head:
  %c = load %node*, %node** %cur
  %end = icmp eq %node* %c, null
  br i1 %end, label %done, label %body
body:
  %vp = getelementptr %node, %node* %c, i32 0, i32 0
  %v = load i64, i64* %vp
  %s = load i64, i64* %sum
  %s2 = add i64 %s, %v
  store i64 %s2, i64* %sum
  %l = load i64, i64* %len
  %l2 = add i64 %l, 1
  store i64 %l2, i64* %len
  %np = getelementptr %node, %node* %c, i32 0, i32 1
  %n = load %node*, %node** %np
  store %node* %n, %node** %cur
  br label %head
done:
  %fs = load i64, i64* %sum
  %fl = load i64, i64* %len
  %t = mul i64 %fs, 10
  %r = add i64 %t, %fl
  ret i64 %r
}
