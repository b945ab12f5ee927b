//! The runtime functions (docs/semantics.md, "Runtime functions" and "Oat
//! programs and course runtimes"), each with the meaning its C definition
//! has in the course's runtime file: `ll` (`ll_puts`, `ll_strcat`,
//! `ll_ltoa`), `ll-libc` (`ll_malloc`, `ll_callback`, and the C library's
//! `atoi`, `strcmp`, `strlen`, `puts`, `free`) and the Oat runtimes
//! (`oat_alloc_array`, `print_string`, ...). A string argument must be a
//! pointer to the start of a string leaf (or to its first character)
//! holding a NUL; anything else is `bad-runtime-call`, an undef argument or
//! a string never written (its bytes are undef) `undef-operand`. Where the
//! C function would crash on `null` the run is undefined (`null-deref`);
//! where it checks (`assert`, `oat_assert_*`) it ends the run as C does
//! ([`Stop::Halt`]).

use crate::ir::Runtime;
use crate::llvm_rules::is_null_addr;
use crate::machine::Machine;
use crate::memory::{c_string, Access, AllocKind, Lazy, StringAt};
use crate::place::Shape;
use crate::stop::{self, Stop};
use crate::value::{Addr, Ptr, Value, HEAP_SITE, NULL_BLOCK};
use spec::{RuntimeName, Ty, UndefinedKind};

/// A failed C `assert` in runtime function `f`: glibc prints the
/// assertion on stderr and aborts (status 134). The C library's prefix
/// (`PROGRAM: FILE:LINE: `) depends on how the harness built the program
/// and is left out.
fn assert_failed(f: &str, expr: &str) -> Stop {
    Stop::Halt {
        status: 134,
        aborted: true,
        stderr: format!("{f}: Assertion `{expr}' failed.\n").into_bytes(),
    }
}

/// An `oat_assert_*` check failing: `fprintf(stderr, msg); exit(1)`.
fn oat_exit(msg: String) -> Stop {
    Stop::Halt {
        status: 1,
        aborted: false,
        stderr: msg.into_bytes(),
    }
}

/// A string argument: its bytes, or (`Ok(None)`) the null pointer.
type MaybeString = Option<Vec<u8>>;

impl Machine<'_> {
    /// Runs runtime function `r` on `args`; its result (`None` for void).
    pub(crate) fn call_runtime(
        &mut self,
        r: Runtime,
        args: &[Value],
    ) -> Result<Option<Value>, Stop> {
        let some = |v: Value| Ok(Some(v));
        match r.name {
            "ll_puts" => self.ll_puts(args).map(|_| None),
            "ll_strcat" => self.ll_strcat(args).map(Some),
            "ll_ltoa" => self.ll_ltoa(args).map(Some),
            "ll_malloc" => {
                let (n, size) = (
                    self.int_arg(args, 0, r.name)?,
                    self.int_arg(args, 1, r.name)?,
                );
                some(self.calloc(n.checked_mul(size), None)?)
            }
            "oat_malloc" => {
                let n = self.int_arg(args, 0, r.name)?;
                some(self.calloc(Some(n), None)?)
            }
            "atoi" => some(Value::Int(atoi(&self.c_str(args, 0, r.name)?))),
            "strlen" => some(Value::Int(self.c_str(args, 0, r.name)?.len() as i64)),
            "strcmp" => {
                let (a, b) = (self.c_str(args, 0, r.name)?, self.c_str(args, 1, r.name)?);
                some(Value::Int(strcmp(&a, &b)))
            }
            "puts" => {
                let s = self.c_str(args, 0, r.name)?;
                self.c_puts(&s)?;
                some(Value::Int(
                    s.len().saturating_add(1).min(i32::MAX as usize) as i64
                ))
            }
            "free" => self.free(args).map(|_| None),
            "oat_alloc_array" => self.oat_alloc_array(r.of, args).map(Some),
            "oat_assert_not_null" => self.oat_assert_not_null(args).map(|_| None),
            "oat_assert_array_length" => self.oat_assert_array_length(r.of, args).map(|_| None),
            "array_of_string" => self.array_of_string(args).map(Some),
            "string_of_array" => self.string_of_array(args).map(Some),
            "length_of_string" => {
                let s = self.asserted_str(args, r.name)?;
                some(Value::Int(s.len() as i64))
            }
            "string_of_int" => {
                let n = self.int_arg(args, 0, r.name)?;
                some(self.new_string(n.to_string().into_bytes())?)
            }
            "string_cat" => {
                let mut a = self.c_str(args, 0, r.name)?;
                a.extend_from_slice(&self.c_str(args, 1, r.name)?);
                some(self.new_string(a)?)
            }
            "print_string" => {
                let s = self.asserted_str(args, r.name)?;
                self.c_print(&s)?;
                Ok(None)
            }
            "print_int" => {
                let n = self.int_arg(args, 0, r.name)?;
                self.c_print(n.to_string().as_bytes())?;
                Ok(None)
            }
            "print_bool" => {
                let b = self.int_arg(args, 0, r.name)?;
                self.c_print(if b == 0 { b"false" } else { b"true" })?;
                Ok(None)
            }
            other => Err(Stop::Internal(format!(
                "the runtime `{}` has no meaning for @{other}",
                r.of
            ))),
        }
    }

    /// `printf("%s", s)` (and every other `printf` of the runtimes): one
    /// write of the bytes through the C library's stdout buffer.
    fn c_print(&mut self, s: &[u8]) -> Result<(), Stop> {
        // Output the machine holds counts against the memory budget too.
        self.use_cells((s.len() as u64).div_ceil(8))?;
        self.stdout.extend_from_slice(s);
        self.stdio.sputn(s.len());
        Ok(())
    }

    /// C's `puts(s)`: the string, then a newline.
    fn c_puts(&mut self, s: &[u8]) -> Result<(), Stop> {
        self.c_print(s)?;
        self.use_cells(1)?;
        self.stdout.push(b'\n');
        self.stdio.putc();
        Ok(())
    }

    /// `void ll_puts(i8* s)`: prints the string and a newline.
    fn ll_puts(&mut self, args: &[Value]) -> Result<(), Stop> {
        let s = self.string_arg(args, 0, "ll_puts")?;
        self.c_puts(&s)
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
                return Err(stop::undef_used(
                    self.prog,
                    self.src,
                    UndefinedKind::UndefOperand,
                    u,
                    &format!("argument {} of ll_ltoa", i + 1),
                ));
            }
        }
        match args.first() {
            Some(Value::Int(n)) => self.new_string(n.to_string().into_bytes()),
            _ => Err(stop::bad_runtime_call(
                "ll_ltoa's argument is not an integer".into(),
            )),
        }
    }

    /// Integer argument number `i` of `f`.
    fn int_arg(&self, args: &[Value], i: usize, f: &str) -> Result<i64, Stop> {
        match args.get(i) {
            Some(Value::Int(n)) => Ok(*n),
            Some(Value::Undef(u)) => Err(stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefOperand,
                u,
                &format!("argument {} of {f}", i + 1),
            )),
            _ => Err(stop::bad_runtime_call(format!(
                "argument {} of {f} is not an integer",
                i + 1
            ))),
        }
    }

    /// Pointer argument number `i` of `f`.
    fn ptr_arg(&self, args: &[Value], i: usize, f: &str) -> Result<Ptr, Stop> {
        match args.get(i) {
            Some(Value::Ptr(p)) => Ok(*p),
            Some(Value::Undef(u)) => Err(stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefOperand,
                u,
                &format!("argument {} of {f}", i + 1),
            )),
            _ => Err(stop::bad_runtime_call(format!(
                "argument {} of {f} is not a pointer",
                i + 1
            ))),
        }
    }

    /// String argument `i` of `f`, which C reads without a check: `null`
    /// is a crash (`null-deref`).
    fn c_str(&self, args: &[Value], i: usize, f: &str) -> Result<Vec<u8>, Stop> {
        self.maybe_string(args, i, f)?
            .ok_or_else(|| stop::runtime_null_deref(f, &format!("argument {}", i + 1)))
    }

    /// The string argument of an Oat runtime function that asserts it is
    /// not null (`assert (NULL != str)`).
    fn asserted_str(&self, args: &[Value], f: &str) -> Result<Vec<u8>, Stop> {
        self.maybe_string(args, 0, f)?
            .ok_or_else(|| assert_failed(f, "NULL != str"))
    }

    /// String argument `i`: its bytes, or `None` for `null`.
    fn maybe_string(&self, args: &[Value], i: usize, f: &str) -> Result<MaybeString, Stop> {
        match args.get(i) {
            Some(Value::Ptr(p)) if p.block == NULL_BLOCK => Ok(None),
            Some(v) if is_null_addr(v) => Ok(None),
            _ => self.string_arg(args, i, f).map(Some),
        }
    }

    /// The bytes (up to the NUL) of the string argument number `i`.
    fn string_arg(&self, args: &[Value], i: usize, f: &str) -> Result<Vec<u8>, Stop> {
        let what = format!("argument {} of {f}", i + 1);
        let p = match args.get(i) {
            Some(Value::Addr(a)) => return self.llvm_string(a, &what),
            Some(Value::Ptr(p)) => p,
            Some(Value::Undef(u)) => {
                return Err(stop::undef_used(
                    self.prog,
                    self.src,
                    UndefinedKind::UndefOperand,
                    u,
                    &what,
                ))
            }
            _ => {
                return Err(stop::bad_runtime_call(format!(
                    "{what} is missing or not a pointer"
                )))
            }
        };
        match self.mem.string_at(&self.tys, p) {
            Ok(Some(StringAt::Bytes(bytes))) => {
                c_string(&bytes).map(<[u8]>::to_vec).ok_or_else(|| {
                    stop::bad_runtime_call(format!("{what} is a string with no NUL terminator"))
                })
            }
            Ok(Some(StringAt::Undef(u))) => Err(stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefOperand,
                &u,
                &format!("{what} (a string never written: its bytes are undef)"),
            )),
            Ok(None) => Err(stop::bad_runtime_call(format!(
                "{what} does not point to the start of a string"
            ))),
            Err(a @ (Access::Dead | Access::Superseded(_) | Access::Freed)) => {
                Err(stop::access_error(self.prog, self.src, a, &what))
            }
            Err(Access::Null) => Err(stop::bad_runtime_call(format!("{what} is a null pointer"))),
            Err(_) => Err(stop::bad_runtime_call(format!(
                "{what} does not point to a string"
            ))),
        }
    }

    /// A new heap block holding the string `bytes` and a NUL; a pointer to it.
    fn new_string(&mut self, mut bytes: Vec<u8>) -> Result<Value, Stop> {
        bytes.push(0);
        let n = bytes.len() as u64;
        if self.llvm.is_some() {
            return self.llvm_heap(n, true, &bytes);
        }
        self.use_cells(n.div_ceil(8))?;
        let tag = self.tys.intern(&Ty::Array(n, Box::new(Ty::I8)));
        let place = self.tys.root_place(tag);
        let Some(block) = self.mem.alloc_heap_string(bytes) else {
            return Err(Stop::Limit(spec::LimitKind::MemoryExhausted));
        };
        Ok(Value::Ptr(Ptr::root(block, 0, 0, place)))
    }

    /// `calloc(bytes, 1)` (`oat_malloc`, `ll_malloc`): a zeroed heap block
    /// typed by its first use (see `heap`); `null` when C's `calloc` fails
    /// (a negative or overflowing size).
    fn calloc(&mut self, bytes: Option<i64>, oat_len: Option<u64>) -> Result<Value, Stop> {
        let Some(bytes) = bytes.and_then(|b| u64::try_from(b).ok()) else {
            return Ok(self.null());
        };
        self.heap_block(bytes, Value::Int(0), oat_len)
    }

    /// A new runtime heap block of `bytes` bytes (whole cells), each cell
    /// `fill`; the pointer the runtime returns.
    fn heap_block(&mut self, bytes: u64, fill: Value, oat_len: Option<u64>) -> Result<Value, Stop> {
        if self.llvm.is_some() {
            return self.llvm_heap(bytes, fill == Value::Int(0), &[]);
        }
        let cells = bytes.div_ceil(8);
        self.use_cells(cells)?;
        let lazy = Lazy {
            bytes,
            cells,
            oat_len,
            fixed: None,
        };
        let Some((block, start)) = self.mem.allocate_runtime_block(cells, fill, lazy) else {
            return Err(Stop::Limit(spec::LimitKind::MemoryExhausted));
        };
        Ok(self.lazy_ptr(block, start))
    }

    /// `int64_t* oat_alloc_array(int64_t size)`: `assert (size >= 0)`;
    /// size + 1 words, word 0 the size; the elements uninitialised
    /// (`malloc`) or, in the ETH 2020-2025 homework 4 runtime, zero
    /// (`calloc`).
    fn oat_alloc_array(&mut self, of: RuntimeName, args: &[Value]) -> Result<Value, Stop> {
        let n = self.int_arg(args, 0, "oat_alloc_array")?;
        let Ok(len) = u64::try_from(n) else {
            return Err(assert_failed("oat_alloc_array", "size >= 0"));
        };
        let fill = if of == RuntimeName::OatEth {
            Value::Int(0)
        } else {
            Value::undef(crate::value::UndefWhy::Uninit, HEAP_SITE, 0)
        };
        let bytes = len.saturating_add(1).saturating_mul(8);
        let v = self.heap_block(bytes, fill, Some(len))?;
        match v {
            Value::Ptr(p) => {
                if let Some(w) = self.mem.words.get_mut(p.off as usize) {
                    *w = Value::Int(n);
                }
            }
            Value::Addr(a) => self.llvm_set_word(&a, 0, n)?,
            _ => {}
        }
        Ok(v)
    }

    /// `void oat_assert_not_null(int8_t* p)`: null ends the run with the
    /// runtime's message and status 1.
    fn oat_assert_not_null(&self, args: &[Value]) -> Result<(), Stop> {
        if let Some(v @ Value::Addr(_)) = args.first() {
            if is_null_addr(v) {
                return Err(oat_exit("Attempted to dereference null pointer".into()));
            }
            return Ok(());
        }
        let p = self.ptr_arg(args, 0, "oat_assert_not_null")?;
        if p.block == NULL_BLOCK {
            return Err(oat_exit("Attempted to dereference null pointer".into()));
        }
        Ok(())
    }

    /// `void oat_assert_array_length(int64_t* a, int64_t i)`: a null array
    /// or an index outside it (CIS341 2017: only `a[0] <= i`) ends the run
    /// with the runtime's message and status 1.
    fn oat_assert_array_length(&mut self, of: RuntimeName, args: &[Value]) -> Result<(), Stop> {
        let f = "oat_assert_array_length";
        let len = match args.first() {
            Some(v @ Value::Addr(a)) => {
                let a = *a;
                let i = self.int_arg(args, 1, f)?;
                if is_null_addr(v) {
                    return Err(oat_exit("Attempted to index null array".into()));
                }
                (self.llvm_oat_length(&a, f)?, i)
            }
            _ => {
                let p = self.ptr_arg(args, 0, f)?;
                let i = self.int_arg(args, 1, f)?;
                if p.block == NULL_BLOCK {
                    return Err(oat_exit("Attempted to index null array".into()));
                }
                (self.oat_array(&p, f)?.0, i)
            }
        };
        let (len, i) = len;
        let negative = i < 0 && of != RuntimeName::OatCis341;
        if negative || len <= i {
            return Err(oat_exit(format!(
                "Out of bounds index {i} for array length {len}"
            )));
        }
        Ok(())
    }

    /// The length word of the Oat array `p` points at (word 0 of its
    /// block, as C reads `a[0]`) and the index of its first cell.
    fn oat_array(&mut self, p: &Ptr, f: &str) -> Result<(i64, usize), Stop> {
        let what = format!("{f}'s array argument");
        let start = self
            .mem
            .alloc(p)
            .map_err(|a| stop::access_error(self.prog, self.src, a, &what))?
            .start;
        if p.off != start || !self.starts_with_i64(p) {
            return Err(stop::bad_runtime_call(format!(
                "{what} does not point at the length word of an Oat array"
            )));
        }
        match self.mem.words.get(p.off as usize) {
            Some(Value::Int(n)) if p.off < self.mem.extent_end(p.block) => Ok((*n, p.off as usize)),
            Some(Value::Undef(u)) => Err(stop::undef_used(
                self.prog,
                self.src,
                UndefinedKind::UndefOperand,
                u,
                &format!("the length word of {what}"),
            )),
            _ => Err(stop::bad_runtime_call(format!(
                "{what} is not an Oat array (no length word)"
            ))),
        }
    }

    /// Whether the first word at `p`'s target is an `i64` (the length word
    /// of an Oat array), or `p` is a runtime allocation's untyped pointer.
    fn starts_with_i64(&mut self, p: &Ptr) -> bool {
        if p.place == self.lazy_place {
            return true;
        }
        let mut at = p.place;
        loop {
            match self.tys.place(at).map(|pl| (pl.shape, pl.ty)) {
                Some((Shape::Word, ty)) => return matches!(self.tys.ty(ty), Ty::I64),
                Some((Shape::Struct | Shape::Array { .. }, _)) => match self.tys.child_place(at, 0)
                {
                    Some(k) => at = k,
                    None => return false,
                },
                _ => return false,
            }
        }
    }

    /// `int64_t* array_of_string(char* s)`: asserts `s` is not null; a new
    /// Oat array of the string's characters as signed chars.
    fn array_of_string(&mut self, args: &[Value]) -> Result<Value, Stop> {
        let s = self.asserted_str(args, "array_of_string")?;
        let n = s.len() as u64;
        if self.llvm.is_some() {
            let mut init = (n as i64).to_le_bytes().to_vec();
            for c in &s {
                init.extend_from_slice(&i64::from(*c as i8).to_le_bytes());
            }
            return self.llvm_heap(8 * (n + 1), true, &init);
        }
        let cells = n + 1;
        self.use_cells(cells)?;
        let ty = Ty::Struct(vec![Ty::I64, Ty::Array(n, Box::new(Ty::I64))]);
        let ty = self.tys.intern(&ty);
        let lazy = Lazy {
            bytes: cells * 8,
            cells,
            oat_len: Some(n),
            fixed: Some((ty, false)),
        };
        let Some((block, start)) = self.mem.allocate_runtime_block(cells, Value::Int(0), lazy)
        else {
            return Err(Stop::Limit(spec::LimitKind::MemoryExhausted));
        };
        let at = start as usize;
        self.mem.words[at] = Value::Int(n as i64);
        for (k, c) in s.iter().enumerate() {
            self.mem.words[at + 1 + k] = Value::Int(i64::from(*c as i8));
        }
        let place = self.tys.root_place(ty);
        Ok(Value::Ptr(Ptr::root(block, 0, start, place)))
    }

    /// `char* string_of_array(int64_t* a)`: asserts `a` is not null and
    /// its length not negative; each element as a `char`, asserted not 0.
    fn string_of_array(&mut self, args: &[Value]) -> Result<Value, Stop> {
        let f = "string_of_array";
        if let Some(v @ Value::Addr(a)) = args.first() {
            if is_null_addr(v) {
                return Err(assert_failed(f, "NULL != arr"));
            }
            return self.llvm_string_of_array(&a.clone(), f);
        }
        let p = self.ptr_arg(args, 0, f)?;
        if p.block == NULL_BLOCK {
            return Err(assert_failed(f, "NULL != arr"));
        }
        let (len, at) = self.oat_array(&p, f)?;
        let Ok(n) = usize::try_from(len) else {
            return Err(assert_failed(f, "len >= 0"));
        };
        let end = self.mem.extent_end(p.block) as usize;
        let mut s = Vec::with_capacity(n.min(end));
        for k in 0..n {
            let c = match self.mem.words.get(at + 1 + k) {
                Some(Value::Int(c)) if at + 1 + k < end => *c as u8,
                Some(Value::Undef(u)) if at + 1 + k < end => {
                    return Err(stop::undef_used(
                        self.prog,
                        self.src,
                        UndefinedKind::UndefOperand,
                        u,
                        &format!("element {k} of {f}'s array"),
                    ))
                }
                Some(Value::Ptr(_)) if at + 1 + k < end => {
                    return Err(stop::bad_runtime_call(format!(
                        "element {k} of {f}'s array is a pointer"
                    )))
                }
                _ => return Err(stop::array_read_past_end(f, k)),
            };
            if c == 0 {
                return Err(assert_failed(f, "0 != str[i]"));
            }
            s.push(c);
        }
        self.new_string(s)
    }

    /// C's `free(p)`: `null` does nothing; a block a runtime allocation
    /// made (or a runtime string) dies, so a later use or a second `free`
    /// is `use-after-free`; any other pointer is not C heap memory.
    fn free(&mut self, args: &[Value]) -> Result<(), Stop> {
        if let Some(v @ Value::Addr(a)) = args.first() {
            return match is_null_addr(v) {
                true => Ok(()),
                false => self.llvm_free(&a.clone()),
            };
        }
        let p = self.ptr_arg(args, 0, "free")?;
        if p.block == NULL_BLOCK {
            return Ok(());
        }
        if let Err(Access::Freed) = self.mem.alloc(&p) {
            return Err(stop::double_free());
        }
        if self.mem.free_string(&p) {
            return Ok(());
        }
        let a = *self
            .mem
            .alloc(&p)
            .map_err(|a| stop::access_error(self.prog, self.src, a, "free"))?;
        let runtime_block =
            matches!(a.kind, AllocKind::Heap(_)) && self.mem.lazy.contains_key(&p.block);
        if !runtime_block || p.off != a.start {
            return Err(stop::bad_runtime_call(
                "free of a pointer that is not the start of a block malloc returned".into(),
            ));
        }
        self.mem.free_block(p.block);
        Ok(())
    }

    /// The length word of the Oat array `a` points at, in LLVM's memory
    /// (`a[0]`, as C reads it).
    fn llvm_oat_length(&mut self, a: &Addr, f: &str) -> Result<i64, Stop> {
        let what = format!("{f}'s array argument");
        self.llvm_word(a, 0, &what)?
            .ok_or_else(|| stop::llvm_uninit_used(&format!("the length word of {what}")))
    }

    /// `string_of_array` of the Oat array `a` in LLVM's memory: each
    /// element (the `i64`s after the length word) as a `char`, asserted
    /// not 0; an element never written is used (`undef-operand`).
    fn llvm_string_of_array(&mut self, a: &Addr, f: &str) -> Result<Value, Stop> {
        let len = self.llvm_oat_length(a, f)?;
        let Ok(n) = u64::try_from(len) else {
            return Err(assert_failed(f, "len >= 0"));
        };
        let mut s = Vec::new();
        for k in 0..n {
            let what = format!("element {k} of {f}'s array");
            let c = self
                .llvm_word(a, 8 * (k + 1), &what)?
                .ok_or_else(|| stop::llvm_uninit_used(&what))? as u8;
            if c == 0 {
                return Err(assert_failed(f, "0 != str[i]"));
            }
            s.push(c);
        }
        self.new_string(s)
    }

    /// `ll_callback(f)` calls `f(19, 19)`: the function pointer argument,
    /// for `call` to enter (see `call`).
    pub(crate) fn callback_target(&self, args: &[Value]) -> Result<Value, Stop> {
        match args.first() {
            Some(v @ Value::Addr(_)) => Ok(*v),
            _ => self.ptr_arg(args, 0, "ll_callback").map(Value::Ptr),
        }
    }
}

/// C's `strcmp` as an LLVMlite program declaring it `i64 (i8*, i8*)` sees
/// it on x86-64 with glibc: the C `int` is the difference of the first
/// differing bytes (as unsigned chars), and the upper half of the 64-bit
/// result register is zero (measured: `strcmp("a", "c")` reads as
/// 4294967294, `strcmp("c", "a")` as 2; docs/semantics.md, "Oat programs
/// and course runtimes").
pub fn strcmp(a: &[u8], b: &[u8]) -> i64 {
    let diff = a
        .iter()
        .chain(std::iter::once(&0))
        .zip(b.iter().chain(std::iter::once(&0)))
        .map(|(x, y)| i32::from(*x) - i32::from(*y))
        .find(|d| *d != 0)
        .unwrap_or(0);
    i64::from(diff as u32)
}

/// C's `atoi` as an LLVMlite program declaring it `i64 (i8*)` sees it on
/// x86-64 with glibc: `atoi` returns `(int) strtol(s, NULL, 10)`, and the
/// 64-bit result register keeps `strtol`'s whole value (leading white
/// space, an optional sign, decimal digits, saturating at the 64-bit
/// range), as measured: "3000000000" reads as 3000000000.
pub fn atoi(s: &[u8]) -> i64 {
    let mut it = s
        .iter()
        .copied()
        .skip_while(|c| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .peekable();
    let neg = match it.peek() {
        Some(b'-') => {
            it.next();
            true
        }
        Some(b'+') => {
            it.next();
            false
        }
        _ => false,
    };
    let mut v: i64 = 0;
    for c in it.take_while(u8::is_ascii_digit) {
        let d = i64::from(c - b'0');
        v = if neg {
            v.saturating_mul(10).saturating_sub(d)
        } else {
            v.saturating_mul(10).saturating_add(d)
        };
    }
    v
}

#[cfg(test)]
mod tests {
    use super::{atoi, strcmp};

    /// atoi and strcmp declared at i64 results, as measured with llc and cc
    /// on x86-64 glibc 2.36 (an LLVM program printing the 64-bit results):
    /// atoi "-5" is -5 and "3000000000" is 3000000000 (strtol's value stays
    /// in the register); strcmp("a", "c") is 4294967294, ("c", "a") 2.
    #[test]
    fn atoi_and_strcmp_follow_glibc() {
        assert_eq!(strcmp(b"a", b"c"), 4294967294);
        assert_eq!(strcmp(b"c", b"a"), 2);
        assert_eq!(strcmp(b"ab", b"ab"), 0);
        assert_eq!(strcmp(b"ab", b"a"), i64::from(b'b'));
        assert_eq!(atoi(b"-5"), -5);
        assert_eq!(atoi(b"3000000000"), 3000000000);
        assert_eq!(atoi(b"  +42abc"), 42);
        assert_eq!(atoi(b"x1"), 0);
    }
}
