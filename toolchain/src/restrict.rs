//! Applying a confinement in a forked process before `exec`
//! (`confine.rs` prepares it, `supervise.rs` and `codegen`'s
//! runner apply it): plain system calls on memory prepared before the
//! fork, no allocation.

/// A prepared sandbox (`confine.rs`) as the forked program applies
/// it: the Landlock ruleset descriptor (-1: none) and the seccomp program
/// (null: none), both owned by the sandbox, which outlives the spawn.
#[derive(Clone, Copy)]
pub struct Confined {
    ruleset: libc::c_int,
    filter: *const libc::sock_filter,
    filter_len: usize,
    network: bool,
}

impl Confined {
    /// No confinement.
    pub const NONE: Confined = Confined {
        ruleset: -1,
        filter: std::ptr::null(),
        filter_len: 0,
        network: false,
    };

    /// The pieces of a prepared sandbox: its Landlock ruleset descriptor
    /// (-1: none) and its seccomp program (empty: none), which must
    /// outlive every use of the value. A sandboxed program also gets a
    /// network namespace of its own where the kernel allows
    /// ([`Confined::own_network`]).
    pub fn new(ruleset: libc::c_int, filter: &[libc::sock_filter]) -> Confined {
        Confined {
            ruleset,
            filter: filter.as_ptr(),
            filter_len: filter.len(),
            network: true,
        }
    }

    /// Whether the program is to run in a fresh network namespace (no
    /// interface but a loopback that is down: no network at all), which
    /// the supervisor enters with its PID namespace (`supervise.rs`).
    pub fn own_network(&self) -> bool {
        self.network
    }

    /// Applies it to the calling process (before exec).
    ///
    /// # Safety
    /// The sandbox it came from must still be alive; between fork and exec.
    pub unsafe fn apply(&self) -> std::io::Result<()> {
        let filter = if self.filter.is_null() {
            &[][..]
        } else {
            std::slice::from_raw_parts(self.filter, self.filter_len)
        };
        apply(self.ruleset, filter)
    }
}

/// Applies a prepared sandbox to the calling (forked, single-threaded)
/// process: no new privileges, the Landlock ruleset `ruleset` (-1: none),
/// the seccomp program `filter` (empty: none). Plain system calls only.
///
/// # Safety
/// `filter` must be a valid BPF program; called between fork and exec.
pub unsafe fn apply(ruleset: libc::c_int, filter: &[libc::sock_filter]) -> std::io::Result<()> {
    if ruleset < 0 && filter.is_empty() {
        return Ok(());
    }
    if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
        return Err(std::io::Error::last_os_error());
    }
    if ruleset >= 0 && libc::syscall(libc::SYS_landlock_restrict_self, ruleset, 0) != 0 {
        return Err(std::io::Error::last_os_error());
    }
    install_filter(filter)
}

/// Installs the seccomp program `filter` on the calling thread (nothing
/// when it is empty); no new privileges must already be set. A plain
/// system call.
///
/// # Safety
/// `filter` must be a valid BPF program.
pub unsafe fn install_filter(filter: &[libc::sock_filter]) -> std::io::Result<()> {
    if filter.is_empty() {
        return Ok(());
    }
    let prog = libc::sock_fprog {
        len: u16::try_from(filter.len()).unwrap_or(u16::MAX),
        filter: filter.as_ptr().cast_mut(),
    };
    if libc::syscall(
        libc::SYS_seccomp,
        libc::SECCOMP_SET_MODE_FILTER,
        0 as libc::c_uint,
        &prog as *const libc::sock_fprog,
    ) != 0
    {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}
