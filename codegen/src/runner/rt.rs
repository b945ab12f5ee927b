//! The runtime functions for machine code run by the native runner
//! (docs/semantics.md, "Runtime functions"), with the behaviour of
//! codegen/runtime/llrt.c: `ll_puts` writes the string and a newline to
//! file descriptor 1 (the runner's stdout pipe), `ll_strcat` and `ll_ltoa`
//! return fresh strings.
//!
//! They run in the forked child of a possibly multithreaded parent, where
//! only async-signal-safe work is safe: no `malloc`, no locks, no panics.
//! Memory comes from a bump allocator over an arena the child maps; running
//! out of it (or a null string) aborts the child (`SIGABRT`), as the C
//! runtime aborts when `malloc` fails.

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

/// The length of the NUL-terminated string at `s` (abort on null).
///
/// # Safety
/// `s` must be null or point at a NUL-terminated string.
unsafe fn strlen(s: *const c_char) -> usize {
    if s.is_null() {
        libc::abort();
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

/// The addresses of the runtime functions, in `Rt::ALL` order.
pub(super) fn addrs() -> [u64; 3] {
    [
        ll_puts as *const () as u64,
        ll_strcat as *const () as u64,
        ll_ltoa as *const () as u64,
    ]
}
