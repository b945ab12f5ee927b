//! The spec's table "Instructions and Terminators" (instructions), with
//! GEPTY ("Getelementptr Well-Formedness and Result Type") and the runtime
//! functions of docs/semantics.md for calls.

use super::cfg::Locals;
use super::types::Pos;
use super::{Checker, GlobalKind};
use crate::ast::{Bop, Cnd, Insn, InsnKind, Operand, OperandKind, Ty};
use crate::print::print_operand;
use crate::span::Span;
use crate::types::GepTyError;

impl Checker<'_> {
    /// Checks one instruction against its row of the table.
    pub(super) fn insn(&mut self, insn: &Insn, locals: &Locals) {
        let span = insn.span;
        match &insn.kind {
            InsnKind::Binop { bop, ty, op1, op2 } => {
                self.binop_type(*bop, ty, op1, op2, span, locals)
            }
            InsnKind::Alloca { ty } => self.type_at(ty, Pos::Data, span),
            InsnKind::Load { ty, ptr_ty, ptr } => self.load_type(ty, ptr_ty, ptr, span, locals),
            InsnKind::Store {
                ty,
                val,
                ptr_ty,
                ptr,
            } => self.store_type(insn, ty, val, ptr_ty, ptr, locals),
            InsnKind::Icmp { cnd, ty, op1, op2 } => {
                self.icmp_type(*cnd, ty, op1, op2, span, locals)
            }
            InsnKind::Call { ret, callee, args } => self.call(insn, ret, callee, args, locals),
            InsnKind::Gep {
                base_ty,
                ptr_ty,
                ptr,
                idxs,
            } => self.gep(base_ty, ptr_ty, ptr, idxs, span, locals),
            InsnKind::Bitcast { from, op, to } => self.bitcast_type(from, op, to, span, locals),
        }
    }

    /// `binop-type`: `BOP i64 OP1, OP2` is at type i64 with i64 operands.
    /// Extension (a course form): `and`, `or` and `xor` also at type `i1`
    /// with i1 operands, which they map to 0 or 1 in every compiler.
    fn binop_type(
        &mut self,
        bop: Bop,
        ty: &Ty,
        op1: &Operand,
        op2: &Operand,
        span: Span,
        locals: &Locals,
    ) {
        let k = bop.keyword();
        self.names_defined(ty, span);
        let at = if self.unresolved(ty) {
            Ty::I64
        } else {
            self.unfold(ty).clone()
        };
        let bitwise = matches!(bop, Bop::And | Bop::Or | Bop::Xor);
        match at {
            Ty::I64 => {}
            Ty::I1 if bitwise => {}
            Ty::I1 => {
                let m = format!(
                    "{k} at type i1: only and, or and xor are accepted at i1; \
                     LLVM computes {k} modulo 2 while course back ends compute 64-bit words, \
                     so no answer is right for every compiler (compute at i64 instead)"
                );
                self.report("binop-type", span, m);
                return;
            }
            _ => {
                let m = format!(
                    "{k} at type {}: binary operations are at type i64 (and, or, xor also at i1)",
                    self.show(ty)
                );
                self.report("binop-type", span, m);
                return;
            }
        }
        self.operand(
            op1,
            &at,
            "binop-type",
            &format!("the first operand of {k}"),
            locals,
        );
        self.operand(
            op2,
            &at,
            "binop-type",
            &format!("the second operand of {k}"),
            locals,
        );
    }

    /// The written pointer type of a load, store or GEP: what is under the
    /// pointer is checked; a type that is not a pointer at all is reported
    /// by the caller's comparison with `S*`.
    fn pointer_type_at(&mut self, ptr_ty: &Ty, rule: &'static str, span: Span) {
        if self.unresolved(ptr_ty) {
            self.names_defined(ptr_ty, span);
        } else if self.unfold(ptr_ty).is_pointer() {
            self.type_at(ptr_ty, Pos::Value(rule), span);
        }
    }

    /// `load-type`: `load S, S* OP`: S is simple, the pointer type is S*,
    /// and OP has it.
    fn load_type(&mut self, ty: &Ty, ptr_ty: &Ty, ptr: &Operand, span: Span, locals: &Locals) {
        self.type_at(ty, Pos::Value("load-type"), span);
        self.pointer_type_at(ptr_ty, "load-type", span);
        if !self.same(ptr_ty, &ty.clone().ptr_to()) {
            let m = format!(
                "load of {} through {}: the pointer type must be {}*",
                self.show(ty),
                self.show(ptr_ty),
                self.show(ty)
            );
            self.report("load-type", span, m);
            return;
        }
        self.operand(ptr, ptr_ty, "load-type", "the address of load", locals);
    }

    /// `store-type`: `store S OP1, S* OP2`: S is simple, OP1 has type S,
    /// the pointer type is S* and OP2 has it; a store binds no result.
    fn store_type(
        &mut self,
        insn: &Insn,
        ty: &Ty,
        val: &Operand,
        ptr_ty: &Ty,
        ptr: &Operand,
        locals: &Locals,
    ) {
        let span = insn.span;
        if let Some(x) = &insn.result {
            self.report(
                "store-type",
                span,
                format!("store produces no value and cannot define %{x}"),
            );
        }
        self.type_at(ty, Pos::Value("store-type"), span);
        self.pointer_type_at(ptr_ty, "store-type", span);
        self.operand(val, ty, "store-type", "the stored value", locals);
        if !self.same(ptr_ty, &ty.clone().ptr_to()) {
            let m = format!(
                "store of {} through {}: the stored type must be the pointee type ({}*)",
                self.show(ty),
                self.show(ptr_ty),
                self.show(ty)
            );
            self.report("store-type", span, m);
            return;
        }
        self.operand(ptr, ptr_ty, "store-type", "the address of store", locals);
    }

    /// `icmp-type`: `icmp CND S OP1, OP2`: S is simple and both operands
    /// have type S.
    fn icmp_type(
        &mut self,
        cnd: Cnd,
        ty: &Ty,
        op1: &Operand,
        op2: &Operand,
        span: Span,
        locals: &Locals,
    ) {
        let k = cnd.keyword();
        self.type_at(ty, Pos::Value("icmp-type"), span);
        if !self.unresolved(ty) && !self.is_simple(ty) {
            return;
        }
        self.operand(
            op1,
            ty,
            "icmp-type",
            &format!("the first operand of icmp {k}"),
            locals,
        );
        self.operand(
            op2,
            ty,
            "icmp-type",
            &format!("the second operand of icmp {k}"),
            locals,
        );
    }

    /// `call` (rules `local-simple`, `call-void-binds`, `call-undefined`,
    /// `call-type`, `call-arity`, `call-arg-type`): the callee has exactly
    /// the function pointer type `S1(S2, ..., SN)*` of the call's
    /// annotations and each argument has its annotated type.
    fn call(
        &mut self,
        insn: &Insn,
        ret: &Ty,
        callee: &Operand,
        args: &[(Ty, Operand)],
        locals: &Locals,
    ) {
        let span = insn.span;
        if *ret != Ty::Void {
            self.type_at(ret, Pos::Value("local-simple"), span);
        }
        for (t, a) in args {
            self.type_at(t, Pos::Value("local-simple"), a.span);
        }
        self.call_void_binds(insn, ret);
        if let Some(fty) = self.callee_fun_ty(callee, args.len(), locals) {
            self.call_signature(&fty, callee, ret, args, span);
        }
        for (i, (t, a)) in args.iter().enumerate() {
            let what = format!("argument {} of the call", i + 1);
            self.operand(a, t, "call-arg-type", &what, locals);
        }
    }

    /// `call-void-binds`: a call of a void function binds no result.
    fn call_void_binds(&mut self, insn: &Insn, ret: &Ty) {
        if let (Ty::Void, Some(x)) = (ret, &insn.result) {
            self.report(
                "call-void-binds",
                insn.span,
                format!("a void call returns no value and cannot define %{x}"),
            );
        }
    }

    /// The function type of the callee (`None` when unknown or already
    /// reported). For a direct call, `call-undefined` when the name is
    /// neither a defined function nor a runtime function.
    fn callee_fun_ty(&mut self, callee: &Operand, nargs: usize, locals: &Locals) -> Option<Ty> {
        let ptr_ty = match &callee.kind {
            OperandKind::Gid(f) => {
                let runtime = self.runtime.types(f);
                match self.globals.get(f.as_str()) {
                    Some((GlobalKind::Function, t)) => return Some(t.clone()),
                    Some((GlobalKind::Declare, t)) if !runtime.is_empty() => {
                        return Some(t.clone())
                    }
                    Some((GlobalKind::Declare, _)) => {
                        self.call_undefined(f, callee.span, true);
                        return None;
                    }
                    Some((GlobalKind::Data, t)) => t.clone().ptr_to(),
                    None if !runtime.is_empty() => {
                        let pick = runtime.iter().find(|t| fun_arity(t) == Some(nargs));
                        return pick.or(runtime.first()).cloned();
                    }
                    None => {
                        self.call_undefined(f, callee.span, false);
                        return None;
                    }
                }
            }
            OperandKind::Id(_) => self.operand_ty(callee, locals)?,
            OperandKind::Null => return None,
            OperandKind::Const(n) => {
                self.report(
                    "operand-type",
                    callee.span,
                    format!("the callee {n} is an integer literal, not a function pointer"),
                );
                return None;
            }
        };
        if self.unresolved(&ptr_ty) || !self.types_ok {
            return None;
        }
        match self.unfold(&ptr_ty) {
            Ty::OpaquePtr => None,
            Ty::Ptr(p) if matches!(self.unfold(p), Ty::Fun(..)) => Some(self.unfold(p).clone()),
            Ty::Ptr(p) if self.unresolved(p) => None,
            _ => {
                let m = format!(
                    "the callee {} has type {}, not a function pointer",
                    print_operand(callee),
                    self.show(&ptr_ty)
                );
                self.report("call-type", callee.span, m);
                None
            }
        }
    }

    /// `call-undefined`: a direct call of a name that is neither a defined
    /// function nor a runtime function.
    fn call_undefined(&mut self, f: &str, span: Span, declared: bool) {
        let known = self.runtime.functions().join(", ");
        let rt = self.runtime;
        let mut m = if declared {
            format!("@{f} is declared but not defined, and it is not a function of the runtime `{rt}` ({known})")
        } else {
            format!("call of @{f}, which is neither a defined function nor a function of the runtime `{rt}` ({known})")
        };
        let others: Vec<String> = crate::RuntimeName::providing(f)
            .iter()
            .map(|r| format!("--runtime {r}"))
            .collect();
        if !others.is_empty() {
            m.push_str(&format!("; {} would provide it", others.join(" or ")));
        }
        self.report("call-undefined", span, m);
    }

    /// The call's annotations against the callee's function type:
    /// `call-type` (return type), `call-arity`, `call-arg-type`.
    fn call_signature(
        &mut self,
        fty: &Ty,
        callee: &Operand,
        ret: &Ty,
        args: &[(Ty, Operand)],
        span: Span,
    ) {
        let Ty::Fun(ps, r) = fty else { return };
        let name = print_operand(callee);
        if !self.same(r, ret) {
            let m = format!(
                "call of {name} (of type {}*) at return type {}: the callee returns {}",
                self.show(fty),
                self.show(ret),
                self.show(r)
            );
            self.report("call-type", span, m);
        }
        if ps.len() != args.len() {
            let m = format!(
                "call of {name} with {} arguments: its type {} takes {}",
                args.len(),
                self.show(fty),
                ps.len()
            );
            self.report("call-arity", span, m);
            return;
        }
        for (i, (p, (t, a))) in ps.iter().zip(args).enumerate() {
            if !self.same(p, t) {
                let m = format!(
                    "argument {} of {name} is annotated {} but the parameter has type {}",
                    i + 1,
                    self.show(t),
                    self.show(p)
                );
                self.report("call-arg-type", a.span, m);
            }
        }
    }

    /// `getelementptr T1, T1* OP, i64 OP2, ...` (rules `gep-type`,
    /// `gep-index-type`, `gepty`).
    fn gep(
        &mut self,
        base_ty: &Ty,
        ptr_ty: &Ty,
        ptr: &Operand,
        idxs: &[Operand],
        span: Span,
        locals: &Locals,
    ) {
        // Extension (a course form): `getelementptr i8, i8* OP, i0`, LLVM
        // 3.7+'s way of naming the pointee of an `i8*`.
        let pos = if *self.unfold(base_ty) == Ty::I8 {
            Pos::Pointee
        } else {
            Pos::Data
        };
        self.type_at(base_ty, pos, span);
        self.pointer_type_at(ptr_ty, "gep-type", span);
        if !self.same(ptr_ty, &base_ty.clone().ptr_to()) {
            let m = format!(
                "getelementptr over {} through {}: the pointer type must be {}*",
                self.show(base_ty),
                self.show(ptr_ty),
                self.show(base_ty)
            );
            self.report("gep-type", span, m);
        } else {
            self.operand(
                ptr,
                ptr_ty,
                "gep-type",
                "the base pointer of getelementptr",
                locals,
            );
        }
        for (i, idx) in idxs.iter().enumerate() {
            let what = format!("index {i} of getelementptr");
            self.operand(idx, &Ty::I64, "gep-index-type", &what, locals);
        }
        self.gepty(base_ty, idxs, span);
    }

    /// `gepty`: GEPTY(T1, OP1, ..., OPN) is defined.
    fn gepty(&mut self, base_ty: &Ty, idxs: &[Operand], span: Span) {
        let err = match self.env.gepty(base_ty, idxs) {
            Ok(_) => return,
            Err(e) => e,
        };
        let m = match err {
            GepTyError::NoIndices => "getelementptr needs at least one index".to_string(),
            GepTyError::StructIndexNotConstant { pos } => format!(
                "index {pos} of getelementptr indexes a struct and must be an integer constant"
            ),
            GepTyError::StructIndexOutOfRange { pos, index, fields } => format!(
                "index {pos} of getelementptr is field {index} of a struct with {fields} fields (0..{fields})"
            ),
            GepTyError::NotAggregate { ty: Ty::Named(_), .. } => return, // undefined name, reported
            GepTyError::NotAggregate { pos, ty } => format!(
                "index {pos} of getelementptr indexes into {}, which is not a struct or array",
                self.show(&ty)
            ),
        };
        self.report("gepty", span, m);
    }

    /// `bitcast-type`: `bitcast T1* OP to T2*`: both types are pointers
    /// and OP has type T1*. Extension (a course form): `bitcast S OP to S`
    /// for a simple non-pointer S (`i1`, `i64`), the identity.
    fn bitcast_type(&mut self, from: &Ty, op: &Operand, to: &Ty, span: Span, locals: &Locals) {
        if [from, to].iter().all(|t| !self.unresolved(t))
            && !self.unfold(from).is_pointer()
            && !self.unfold(to).is_pointer()
        {
            self.identity_bitcast(from, op, to, span, locals);
            return;
        }
        let mut ok = true;
        for (t, which) in [(from, "source"), (to, "target")] {
            if self.unresolved(t) {
                self.names_defined(t, span);
            } else if !self.unfold(t).is_pointer() {
                let m = format!(
                    "bitcast converts pointers only: the {which} type {} is not a pointer \
                     (a non-pointer type may only be cast to itself)",
                    self.show(t)
                );
                self.report("bitcast-type", span, m);
                ok = false;
            } else {
                self.type_at(t, Pos::Value("bitcast-type"), span);
            }
        }
        if ok {
            self.operand(op, from, "bitcast-type", "the operand of bitcast", locals);
        }
    }

    /// `bitcast S OP to S` with S not a pointer (`bitcast-type`): S is
    /// simple, both types are equal and OP has type S.
    fn identity_bitcast(&mut self, from: &Ty, op: &Operand, to: &Ty, span: Span, locals: &Locals) {
        if !self.same(from, to) {
            let m = format!(
                "bitcast from {} to {}: a non-pointer type may only be cast to itself",
                self.show(from),
                self.show(to)
            );
            self.report("bitcast-type", span, m);
            return;
        }
        let before = self.diags.len();
        self.type_at(from, Pos::Value("bitcast-type"), span);
        if self.diags.len() == before {
            self.operand(op, from, "bitcast-type", "the operand of bitcast", locals);
        }
    }
}

/// The parameter count of a function type.
fn fun_arity(t: &Ty) -> Option<usize> {
    match t {
        Ty::Fun(ps, _) => Some(ps.len()),
        _ => None,
    }
}
