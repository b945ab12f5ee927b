//! The runtime functions (docs/semantics.md, "Runtime functions"):
//! `ll_puts`, `ll_strcat`, `ll_ltoa`. A string argument must be a pointer to
//! the start of a string leaf (or to its first character) holding a NUL;
//! anything else is `bad-runtime-call`, an undef argument or a string never
//! written (its bytes are undef) `undef-operand`.

use crate::machine::{Machine, Stop};
use crate::memory::{c_string, Access, StringAt};
use crate::resolve::Runtime;
use crate::value::{Ptr, Value};
use spec::{Ty, UndefinedKind};

fn bad(msg: String) -> Stop {
    Stop::Undefined(UndefinedKind::BadRuntimeCall, msg)
}

impl Machine<'_> {
    /// Runs runtime function `r` on `args`; its result (`None` for void).
    pub(crate) fn call_runtime(
        &mut self,
        r: Runtime,
        args: &[Value],
    ) -> Result<Option<Value>, Stop> {
        match r {
            Runtime::Puts => self.ll_puts(args).map(|_| None),
            Runtime::Strcat => self.ll_strcat(args).map(Some),
            Runtime::Ltoa => self.ll_ltoa(args).map(Some),
        }
    }

    /// `void ll_puts(i8* s)`: prints the string and a newline.
    fn ll_puts(&mut self, args: &[Value]) -> Result<(), Stop> {
        let s = self.string_arg(args, 0, "ll_puts")?;
        // Output the machine holds counts against the memory budget too.
        self.use_cells((s.len() as u64 + 1).div_ceil(8))?;
        self.stdout.extend_from_slice(&s);
        self.stdout.push(b'\n');
        Ok(())
    }

    /// `i8* ll_strcat(i8* a, i8* b)`: a new heap string, `a` then `b`.
    fn ll_strcat(&mut self, args: &[Value]) -> Result<Value, Stop> {
        let mut a = self.string_arg(args, 0, "ll_strcat")?;
        let b = self.string_arg(args, 1, "ll_strcat")?;
        a.extend_from_slice(&b);
        self.new_string(a)
    }

    /// `i8* ll_ltoa(i64 n)` (or with an ignored second `i8*`): a new heap
    /// string with the decimal form of `n`.
    fn ll_ltoa(&mut self, args: &[Value]) -> Result<Value, Stop> {
        for (i, a) in args.iter().enumerate() {
            if let Value::Undef(u) = a {
                return Err(self.undef_used(
                    UndefinedKind::UndefOperand,
                    u,
                    &format!("argument {} of ll_ltoa", i + 1),
                ));
            }
        }
        match args.first() {
            Some(Value::Int(n)) => self.new_string(n.to_string().into_bytes()),
            _ => Err(bad("ll_ltoa's argument is not an integer".into())),
        }
    }

    /// The bytes (up to the NUL) of the string argument number `i`.
    fn string_arg(&self, args: &[Value], i: usize, f: &str) -> Result<Vec<u8>, Stop> {
        let what = format!("argument {} of {f}", i + 1);
        let p = match args.get(i) {
            Some(Value::Ptr(p)) => p,
            Some(Value::Undef(u)) => {
                return Err(self.undef_used(UndefinedKind::UndefOperand, u, &what))
            }
            _ => return Err(bad(format!("{what} is missing or not a pointer"))),
        };
        match self.mem.string_at(&self.tys, p) {
            Ok(Some(StringAt::Bytes(bytes))) => c_string(&bytes)
                .map(<[u8]>::to_vec)
                .ok_or_else(|| bad(format!("{what} is a string with no NUL terminator"))),
            Ok(Some(StringAt::Undef(u))) => Err(self.undef_used(
                UndefinedKind::UndefOperand,
                &u,
                &format!("{what} (a string never written: its bytes are undef)"),
            )),
            Ok(None) => Err(bad(format!(
                "{what} does not point to the start of a string"
            ))),
            Err(a @ (Access::Dead | Access::Superseded(_))) => Err(self.access_error(a, &what)),
            Err(Access::Null) => Err(bad(format!("{what} is a null pointer"))),
            Err(_) => Err(bad(format!("{what} does not point to a string"))),
        }
    }

    /// A new heap block holding the string `bytes` and a NUL; a pointer to it.
    fn new_string(&mut self, mut bytes: Vec<u8>) -> Result<Value, Stop> {
        bytes.push(0);
        let n = bytes.len() as u64;
        self.use_cells(n.div_ceil(8))?;
        let tag = self.tys.intern(&Ty::Array(n, Box::new(Ty::I8)));
        let place = self.tys.root_place(tag);
        let Some(block) = self.mem.alloc_heap_string(bytes) else {
            return Err(Stop::Limit(spec::LimitKind::MemoryExhausted));
        };
        Ok(Value::Ptr(Ptr::root(block, 0, 0, place)))
    }
}
