//! The runtime functions for machine code run by the native runner
//! (docs/semantics.md, "Runtime functions"), with the behaviour of
//! codegen/runtime/llrt.c: `ll_puts` writes the string and a newline to
//! file descriptor 1 (the runner's stdout pipe), `ll_strcat` and `ll_ltoa`
//! return fresh strings.
//!
//! They run in the forked child of a possibly multithreaded parent, where
//! only async-signal-safe work is safe: no `malloc`, no locks, no panics.
//! Memory comes from a bump allocator over an arena the child maps; running
//! out of it aborts the child (`SIGABRT`), as the C runtime aborts when
//! `malloc` fails. A null string is a segmentation fault (`SIGSEGV`), as
//! the C library's `strlen` / `fputs` / `strcmp` reading address 0 are.

use std::os::raw::c_char;
use std::sync::atomic::{AtomicUsize, Ordering};

static HEAP_NEXT: AtomicUsize = AtomicUsize::new(0);
static HEAP_END: AtomicUsize = AtomicUsize::new(0);

/// Gives the bump allocator its arena (called once in the child).
pub(super) fn set_heap(base: usize, len: usize) {
    HEAP_NEXT.store(base, Ordering::Relaxed);
    HEAP_END.store(base.saturating_add(len), Ordering::Relaxed);
}

/// `n` fresh bytes, or abort.
fn alloc(n: usize) -> *mut u8 {
    let cur = HEAP_NEXT.load(Ordering::Relaxed);
    match cur.checked_add(n) {
        Some(next) if next <= HEAP_END.load(Ordering::Relaxed) && cur != 0 => {
            HEAP_NEXT.store(next, Ordering::Relaxed);
            cur as *mut u8
        }
        // SAFETY: abort is async-signal-safe and never returns.
        _ => unsafe { libc::abort() },
    }
}

/// The fault of reading a null string: `SIGSEGV`, as in C.
///
/// # Safety
/// Only called in the forked child (signals at their defaults).
unsafe fn null_fault() -> ! {
    libc::raise(libc::SIGSEGV);
    libc::_exit(128 + libc::SIGSEGV)
}

/// The length of the NUL-terminated string at `s` (`SIGSEGV` on null).
///
/// # Safety
/// `s` must be null or point at a NUL-terminated string.
unsafe fn strlen(s: *const c_char) -> usize {
    if s.is_null() {
        null_fault();
    }
    let mut n = 0usize;
    while *s.add(n) != 0 {
        n += 1;
    }
    n
}

/// Writes all `len` bytes at `p` to file descriptor 1, retrying on EINTR and
/// partial writes; gives up silently on other errors (as `fputs` does).
///
/// # Safety
/// `p` must point at `len` readable bytes.
unsafe fn write_all(mut p: *const u8, mut len: usize) {
    while len > 0 {
        let r = libc::write(1, p.cast(), len);
        if r < 0 {
            if *libc::__errno_location() == libc::EINTR {
                continue;
            }
            return;
        }
        let r = r as usize;
        p = p.add(r);
        len -= r.min(len);
    }
}

/// `void ll_puts(i8*)`: prints the string and a newline.
///
/// # Safety
/// Called by generated code with a pointer to a NUL-terminated string.
pub unsafe extern "C" fn ll_puts(s: *const c_char) {
    let n = strlen(s);
    write_all(s.cast(), n);
    write_all(b"\n".as_ptr(), 1);
}

/// `i8* ll_strcat(i8*, i8*)`: a new string, the concatenation.
///
/// # Safety
/// Called by generated code with pointers to NUL-terminated strings.
pub unsafe extern "C" fn ll_strcat(a: *const c_char, b: *const c_char) -> *mut c_char {
    let (la, lb) = (strlen(a), strlen(b));
    let r = alloc(la.saturating_add(lb).saturating_add(1));
    std::ptr::copy_nonoverlapping(a.cast::<u8>(), r, la);
    std::ptr::copy_nonoverlapping(b.cast::<u8>(), r.add(la), lb);
    *r.add(la + lb) = 0;
    r.cast()
}

/// `i8* ll_ltoa(i64)`: a new string, the decimal form (a second argument,
/// if passed, is ignored).
///
/// # Safety
/// Called by generated code.
pub unsafe extern "C" fn ll_ltoa(i: i64) -> *mut c_char {
    let mut digits = [0u8; 20];
    let mut n = i.unsigned_abs();
    let mut k = 0usize;
    loop {
        if let Some(d) = digits.get_mut(k) {
            *d = b'0' + (n % 10) as u8;
        }
        k += 1;
        n /= 10;
        if n == 0 || k >= digits.len() {
            break;
        }
    }
    let neg = usize::from(i < 0);
    let r = alloc(k + neg + 1);
    if neg == 1 {
        *r = b'-';
    }
    for j in 0..k {
        *r.add(neg + j) = digits.get(k - 1 - j).copied().unwrap_or(b'0');
    }
    *r.add(neg + k) = 0;
    r.cast()
}

/// `i8* ll_malloc(i64 n, i64 size)` (`ll-libc`): `n * size` zeroed bytes,
/// null when that is negative or overflows (as `calloc` fails), abort
/// when the arena is used up (as the C runtime aborts in `malloc`).
///
/// # Safety
/// Called by generated code.
pub unsafe extern "C" fn ll_malloc(n: i64, size: i64) -> *mut u8 {
    let bytes = match (usize::try_from(n), usize::try_from(size)) {
        (Ok(n), Ok(size)) => n.checked_mul(size),
        _ => None,
    };
    let Some(bytes) = bytes else {
        return std::ptr::null_mut();
    };
    // Zeroed by hand: a reused worker's arena holds earlier runs' bytes.
    let p = alloc(bytes.max(1));
    std::ptr::write_bytes(p, 0, bytes);
    p
}

/// `i64 ll_callback(i64 (i64, i64)*)` (`ll-libc`): calls the function with
/// 19 and 19 and returns its result.
///
/// # Safety
/// Called by generated code with a pointer to a generated function of that
/// type.
pub unsafe extern "C" fn ll_callback(f: extern "C" fn(i64, i64) -> i64) -> i64 {
    f(19, 19)
}

/// `i64 atoi(i8*)` (`ll-libc`): as the C library's on glibc, `(int)
/// strtol(s, NULL, 10)` sign-extended to the word: white space, a sign,
/// decimal digits; a value past the i64 range is its nearest bound before
/// the cut to 32 bits (`atoi("99999999999")` is 1215752191, measured).
///
/// # Safety
/// Called by generated code with a pointer to a NUL-terminated string.
pub unsafe extern "C" fn atoi(s: *const c_char) -> i64 {
    let n = strlen(s);
    let b = std::slice::from_raw_parts(s.cast::<u8>(), n);
    let mut k = b
        .iter()
        .take_while(|c| matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .count();
    let negative = b.get(k) == Some(&b'-');
    if matches!(b.get(k), Some(b'-' | b'+')) {
        k += 1;
    }
    let mut v: i64 = 0;
    for &c in b
        .get(k..)
        .unwrap_or(&[])
        .iter()
        .take_while(|c| c.is_ascii_digit())
    {
        let d = i64::from(c - b'0');
        v = if negative {
            v.saturating_mul(10).saturating_sub(d)
        } else {
            v.saturating_mul(10).saturating_add(d)
        };
    }
    i64::from(v as i32)
}

/// `i64 strcmp(i8*, i8*)` (`ll-libc`): the difference of the first
/// differing bytes (as unsigned chars), 0 for equal strings; the C `int`
/// sign-extended.
///
/// # Safety
/// Called by generated code with pointers to NUL-terminated strings.
pub unsafe extern "C" fn strcmp(a: *const c_char, b: *const c_char) -> i64 {
    if a.is_null() || b.is_null() {
        null_fault();
    }
    let mut k = 0usize;
    loop {
        let (x, y) = (*a.add(k) as u8, *b.add(k) as u8);
        if x != y || x == 0 {
            return i64::from(x) - i64::from(y);
        }
        k += 1;
    }
}

/// `i64 strlen(i8*)` (`ll-libc`).
///
/// # Safety
/// Called by generated code with a pointer to a NUL-terminated string.
pub unsafe extern "C" fn c_strlen(s: *const c_char) -> i64 {
    strlen(s) as i64
}

/// `i64 puts(i8*)` (`ll-libc`): prints the string and a newline, as
/// `ll_puts`; returns the bytes written, as glibc's.
///
/// # Safety
/// Called by generated code with a pointer to a NUL-terminated string.
pub unsafe extern "C" fn puts(s: *const c_char) -> i64 {
    ll_puts(s);
    strlen(s) as i64 + 1
}

/// `void free(i8*)` (`ll-libc`): nothing (the bump allocator never reuses
/// memory; the program's view is the same).
///
/// # Safety
/// Called by generated code.
pub unsafe extern "C" fn free(_: *mut u8) {}

/// The address of the runtime function called `name` (its C name,
/// [`crate::minst::Rt::name`]).
pub(super) fn by_name(name: &str) -> Option<u64> {
    let rt = crate::minst::Rt::from_name(name)?;
    addrs().get(rt.index()).copied()
}

/// The addresses of the runtime functions, in `Rt::ALL` order.
pub(super) fn addrs() -> [u64; crate::minst::Rt::ALL.len()] {
    [
        ll_puts as *const () as u64,
        ll_strcat as *const () as u64,
        ll_ltoa as *const () as u64,
        ll_malloc as *const () as u64,
        ll_callback as *const () as u64,
        atoi as *const () as u64,
        strcmp as *const () as u64,
        c_strlen as *const () as u64,
        puts as *const () as u64,
        free as *const () as u64,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CString;

    fn c(s: &str) -> CString {
        CString::new(s).expect("no NUL")
    }

    /// C's `atoi` on glibc: leading white space and a sign, digits up to
    /// the first other character, then `(int)` of the value: 99999999999
    /// is 23 * 2^32 + 1215752191, so its low 32 bits read 1215752191.
    #[test]
    fn atoi_reads_as_glibc_does() {
        let cases = [
            ("42", 42),
            ("  -12x", -12),
            ("\t+7", 7),
            ("x1", 0),
            ("", 0),
            ("99999999999", 1_215_752_191),
            ("-2147483648", -2_147_483_648),
        ];
        for (s, want) in cases {
            // SAFETY: a NUL-terminated string.
            assert_eq!(unsafe { atoi(c(s).as_ptr()) }, want, "atoi({s:?})");
        }
    }

    /// C's `strcmp`: the difference of the first differing bytes as
    /// unsigned chars ('a' - 'c' = -2; 0xff - 'a' = 158), 0 when equal.
    #[test]
    fn strcmp_is_the_first_byte_difference() {
        let cases: [(&[u8], &[u8], i64); 5] = [
            (b"a", b"c", -2),
            (b"c", b"a", 2),
            (b"abc", b"abc", 0),
            (b"ab", b"abc", -99),
            (b"\xff", b"a", 158),
        ];
        for (a, b, want) in cases {
            let (a, b) = (
                CString::new(a).expect("no NUL"),
                CString::new(b).expect("no NUL"),
            );
            // SAFETY: NUL-terminated strings.
            assert_eq!(unsafe { strcmp(a.as_ptr(), b.as_ptr()) }, want);
        }
    }
}
