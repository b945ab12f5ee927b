; A global whose initializer points to itself (a one-node cycle):
; @ring = { 5, @ring }. Following next three times stays on @ring: 5 * 4 = 20 read in total.
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 20
%node = type { i64, %node* }

@ring = global %node { i64 5, %node* @ring }

define i64 @val(%node* %n) {
  %p = getelementptr %node, %node* %n, i32 0, i32 0
  %v = load i64, i64* %p
  ret i64 %v
}

define %node* @next(%node* %n) {
  %p = getelementptr %node, %node* %n, i32 0, i32 1
  %m = load %node*, %node** %p
  ret %node* %m
}

define i64 @main() {
  %a = call i64 @val(%node* @ring)
  %n1 = call %node* @next(%node* @ring)
  %b = call i64 @val(%node* %n1)
  %n2 = call %node* @next(%node* %n1)
  %c = call i64 @val(%node* %n2)
  %n3 = call %node* @next(%node* %n2)
  %d = call i64 @val(%node* %n3)
  %s1 = add i64 %a, %b
  %s2 = add i64 %s1, %c
  %s3 = add i64 %s2, %d
  ret i64 %s3
}
