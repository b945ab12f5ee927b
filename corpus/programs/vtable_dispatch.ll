; Object-oriented dispatch through vtables (structs of function pointers),
; the way an OO front end lowers method calls. Objects are {vtable*, value}.
; counter: get = value, add k: value += k. doubler: get = 2 * value, add k: value += 2k.
; A global counter and a doubler alloca'd in main, both starting at 1, each get add 5:
; counter value 6, get 6; doubler value 11, get 22. Result 6 + 22 = 28.
; CHECK-DIVERGES-FROM-REFERENCE: aggregate alloca: the reference allocates a single undef word whatever the type
; CHECK-DIVERGES-FROM-REFERENCE: global-initializer pointer tags: the reference tags a pointer stored by a global initializer with the initializer's type (a pointer type), not the named global's declared type, so loads, stores and GEPs through it fail there
; CHECK-RESULT: 28
%obj = type { %vtable*, i64 }
%vtable = type { i64 (%obj*)*, void (%obj*, i64)* }

@counter_vt = global %vtable { i64 (%obj*)* @counter_get, void (%obj*, i64)* @counter_add }
@doubler_vt = global %vtable { i64 (%obj*)* @doubler_get, void (%obj*, i64)* @doubler_add }
@c = global %obj { %vtable* @counter_vt, i64 1 }

define i64 @counter_get(%obj* %self) {
  %vp = getelementptr %obj, %obj* %self, i32 0, i32 1
  %v = load i64, i64* %vp
  ret i64 %v
}

define void @counter_add(%obj* %self, i64 %k) {
  %vp = getelementptr %obj, %obj* %self, i32 0, i32 1
  %v = load i64, i64* %vp
  %w = add i64 %v, %k
  store i64 %w, i64* %vp
  ret void
}

define i64 @doubler_get(%obj* %self) {
  %vp = getelementptr %obj, %obj* %self, i32 0, i32 1
  %v = load i64, i64* %vp
  %w = mul i64 %v, 2
  ret i64 %w
}

define void @doubler_add(%obj* %self, i64 %k) {
  %vp = getelementptr %obj, %obj* %self, i32 0, i32 1
  %v = load i64, i64* %vp
  %k2 = mul i64 %k, 2
  %w = add i64 %v, %k2
  store i64 %w, i64* %vp
  ret void
}

; o.add(k) through o's vtable
define void @send_add(%obj* %o, i64 %k) {
  %vtp = getelementptr %obj, %obj* %o, i32 0, i32 0
  %vt = load %vtable*, %vtable** %vtp
  %mp = getelementptr %vtable, %vtable* %vt, i32 0, i32 1
  %m = load void (%obj*, i64)*, void (%obj*, i64)** %mp
  call void %m(%obj* %o, i64 %k)
  ret void
}

; o.get() through o's vtable
define i64 @send_get(%obj* %o) {
  %vtp = getelementptr %obj, %obj* %o, i32 0, i32 0
  %vt = load %vtable*, %vtable** %vtp
  %mp = getelementptr %vtable, %vtable* %vt, i32 0, i32 0
  %m = load i64 (%obj*)*, i64 (%obj*)** %mp
  %r = call i64 %m(%obj* %o)
  ret i64 %r
}

define i64 @main() {
  %d = alloca %obj
  %dvt = getelementptr %obj, %obj* %d, i32 0, i32 0
  store %vtable* @doubler_vt, %vtable** %dvt
  %dv = getelementptr %obj, %obj* %d, i32 0, i32 1
  store i64 1, i64* %dv
  %objs = alloca [2 x %obj*]
  %s0 = getelementptr [2 x %obj*], [2 x %obj*]* %objs, i64 0, i64 0
  %s1 = getelementptr [2 x %obj*], [2 x %obj*]* %objs, i64 0, i64 1
  store %obj* @c, %obj** %s0
  store %obj* %d, %obj** %s1
  %i = alloca i64
  %acc = alloca i64
  store i64 0, i64* %i
  store i64 0, i64* %acc
  br label %head
head:
  %iv = load i64, i64* %i
  %more = icmp slt i64 %iv, 2
  br i1 %more, label %body, label %done
body:
  %sp = getelementptr [2 x %obj*], [2 x %obj*]* %objs, i64 0, i64 %iv
  %o = load %obj*, %obj** %sp
  call void @send_add(%obj* %o, i64 5)
  %g = call i64 @send_get(%obj* %o)
  %a = load i64, i64* %acc
  %a2 = add i64 %a, %g
  store i64 %a2, i64* %acc
  %i1 = add i64 %iv, 1
  store i64 %i1, i64* %i
  br label %head
done:
  %r = load i64, i64* %acc
  ret i64 %r
}
