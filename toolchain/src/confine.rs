//! Confinement of the programs lloracle starts for a submission
//! (docs/grading.md, "What a submission can and cannot do"): its build,
//! its compiler, and the executables that compiler produced.
//!
//! - **Files** (Landlock): the program may read and execute the system's
//!   toolchain (`/usr`, `/bin`, `/lib*`, `/etc`, `/opt`, `/proc`, `/sys`,
//!   `/dev`, the directories on `PATH`, opam's and OCaml's folders,
//!   `LLORACLE_ALLOW_READ`), read the folders a [`Sandbox`] names as
//!   readable, and read and write only below the folders it names as
//!   writable (its scratch and output folders; for the build step its own
//!   submission folder). Everything else, another submission, the
//!   reference, the class's output folder, lloracle's own files, is out of
//!   reach.
//! - **Network**: a network namespace of its own where the kernel allows
//!   it (`supervise.rs`: no interface is up, so no TCP, UDP or raw socket
//!   reaches anything); in any case no TCP connection or listening socket
//!   (Landlock's TCP rules), no abstract Unix socket and no signal to a
//!   process outside its own confinement (Landlock scopes).
//! - **System calls** (seccomp, executables only): a fixed list of calls a
//!   compiled LLVMlite program never needs (process creation, `kill`,
//!   sockets, removing or renaming files, ...) is refused and raises
//!   `SIGSYS` (`SECCOMP_RET_TRAP`): the call never happens and the
//!   program ends with that signal, the outcome of that run. An executable
//!   linked with one of lloracle's runtime objects names the call on
//!   stderr first (codegen/runtime/sigsys.c, read by [`refused_call`]).
//!
//! A [`Sandbox`] is prepared once, before any fork (the Landlock ruleset
//! descriptor and the seccomp program are built with allocation); the
//! forked program applies it with two plain system calls before `exec`
//! ([`crate::restrict`]). What this kernel supports is found once ([`isolation`]).

use crate::restrict::Confined;
use landlock::{
    path_beneath_rules, Access, AccessFs, AccessNet, Ruleset, RulesetAttr, RulesetCreatedAttr,
    Scope, ABI,
};
use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The Landlock ABI lloracle asks for; older kernels get what they have
/// (the ruleset is best effort, and [`isolation`] says what is in force).
const ABI_WANTED: ABI = ABI::V6;

/// System folders every confined program may read and execute.
const SYSTEM_READ: [&str; 13] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/proc",
    "/sys", "/dev", "/run",
];

/// Device files every confined program may also write.
const DEVICES_WRITE: [&str; 2] = ["/dev/null", "/dev/zero"];

/// Where one submission's process may read and write.
#[derive(Debug)]
pub struct Sandbox {
    write: Vec<PathBuf>,
    read: Vec<PathBuf>,
    files: bool,
    syscalls: bool,
    prepared: OnceLock<Result<Prepared, String>>,
}

/// A sandbox made ready for forked children.
#[derive(Debug)]
struct Prepared {
    ruleset: Option<OwnedFd>,
    filter: Vec<libc::sock_filter>,
}

impl Sandbox {
    /// A sandbox whose program may write below `write` (the first is its
    /// `TMPDIR`) and read below `read`, besides the system's folders.
    pub fn new(write: Vec<PathBuf>, read: Vec<PathBuf>) -> Sandbox {
        Sandbox {
            write,
            read,
            files: true,
            syscalls: false,
            prepared: OnceLock::new(),
        }
    }

    /// A sandbox that confines the network alone: the program runs in a
    /// network namespace of its own where the kernel allows one, with the
    /// user's own rights on files (`test-compiler`'s compiler by default,
    /// docs/grading.md).
    pub fn network_only() -> Sandbox {
        Sandbox {
            files: false,
            ..Sandbox::new(Vec::new(), Vec::new())
        }
    }

    /// Whether the program's files are confined (not [`Sandbox::network_only`]).
    pub fn confines_files(&self) -> bool {
        self.files
    }

    /// The same, for a compiled program: also the system-call filter (see
    /// the module documentation).
    pub fn for_program(write: Vec<PathBuf>, read: Vec<PathBuf>) -> Sandbox {
        Sandbox {
            syscalls: true,
            ..Sandbox::new(write, read)
        }
    }

    /// The folder the program gets as `TMPDIR`, if any.
    pub fn scratch(&self) -> Option<&Path> {
        self.write.first().map(PathBuf::as_path)
    }

    /// The pieces the forked child applies ([`Confined::apply`]), prepared
    /// on first use; `Err` when the sandbox cannot be built (a Landlock
    /// error). They live as long as the sandbox.
    pub fn confined(&self) -> Result<Confined, String> {
        let p = self
            .prepared
            .get_or_init(|| self.prepare())
            .as_ref()
            .map_err(Clone::clone)?;
        let fd = p.ruleset.as_ref().map_or(-1, AsRawFd::as_raw_fd);
        Ok(Confined::new(fd, &p.filter))
    }

    fn prepare(&self) -> Result<Prepared, String> {
        let iso = isolation();
        let ruleset = if iso.landlock_abi > 0 && self.files {
            self.ruleset()
                .map_err(|e| format!("cannot build the Landlock ruleset: {e}"))?
        } else {
            None
        };
        let filter = if self.syscalls && iso.seccomp {
            program_filter()?
        } else {
            Vec::new()
        };
        Ok(Prepared { ruleset, filter })
    }

    /// The Landlock ruleset: every file access, TCP bind and connect,
    /// abstract Unix sockets and signals handled (so refused), then
    /// allowed where the module documentation says.
    fn ruleset(&self) -> Result<Option<OwnedFd>, landlock::RulesetError> {
        let abi = ABI_WANTED;
        let read: Vec<PathBuf> = SYSTEM_READ
            .iter()
            .map(PathBuf::from)
            .chain(toolchain_folders())
            .chain(self.read.iter().cloned())
            .filter(|p| p.exists())
            .collect();
        let devices = DEVICES_WRITE.iter().map(Path::new).filter(|p| p.exists());
        let write = self.write.iter().filter(|p| p.exists());
        let created = Ruleset::default()
            .handle_access(AccessFs::from_all(abi))?
            .handle_access(AccessNet::from_all(abi))?
            .scope(Scope::from_all(abi))?
            .create()?
            .add_rules(path_beneath_rules(read, AccessFs::from_read(abi)))?
            .add_rules(path_beneath_rules(devices, AccessFs::from_all(abi)))?
            .add_rules(path_beneath_rules(write, AccessFs::from_all(abi)))?;
        Ok(created.into())
    }
}

/// The folders a course's toolchain may live in besides the system's:
/// each absolute directory on `PATH`, opam's root and switch, OCaml's
/// library, `LLORACLE_ALLOW_READ` (colon-separated), and lloracle's own
/// executable.
fn toolchain_folders() -> Vec<PathBuf> {
    let var = |name: &str| std::env::var_os(name);
    let split = |v: Option<std::ffi::OsString>| -> Vec<PathBuf> {
        v.map(|v| std::env::split_paths(&v).collect())
            .unwrap_or_default()
    };
    let mut dirs = split(var("PATH"));
    dirs.extend(split(var("LLORACLE_ALLOW_READ")));
    dirs.extend(
        [
            "OPAM_SWITCH_PREFIX",
            "OPAMROOT",
            "OCAMLLIB",
            "CAML_LD_LIBRARY_PATH",
        ]
        .into_iter()
        .flat_map(|v| split(var(v))),
    );
    if let Some(home) = var("HOME") {
        dirs.push(PathBuf::from(home).join(".opam"));
    }
    // lloracle's own executable (the file alone), which course scripts and
    // tests may call as a compiler: reading it reveals nothing.
    dirs.extend(std::env::current_exe().ok());
    dirs.retain(|d| d.is_absolute());
    dirs
}

/// The system calls a compiled program is refused (x86-64 numbers).
#[cfg(target_arch = "x86_64")]
const REFUSED: [libc::c_long; 62] = [
    libc::SYS_kill,
    libc::SYS_tkill,
    libc::SYS_rt_sigqueueinfo,
    libc::SYS_rt_tgsigqueueinfo,
    libc::SYS_fork,
    libc::SYS_vfork,
    libc::SYS_clone,
    libc::SYS_clone3,
    libc::SYS_execveat,
    libc::SYS_socket,
    libc::SYS_socketpair,
    libc::SYS_connect,
    libc::SYS_bind,
    libc::SYS_listen,
    libc::SYS_accept,
    libc::SYS_accept4,
    libc::SYS_unlink,
    libc::SYS_unlinkat,
    libc::SYS_rmdir,
    libc::SYS_rename,
    libc::SYS_renameat,
    libc::SYS_renameat2,
    libc::SYS_link,
    libc::SYS_linkat,
    libc::SYS_symlink,
    libc::SYS_symlinkat,
    libc::SYS_chmod,
    libc::SYS_fchmod,
    libc::SYS_fchmodat,
    libc::SYS_chown,
    libc::SYS_fchown,
    libc::SYS_lchown,
    libc::SYS_fchownat,
    libc::SYS_truncate,
    libc::SYS_mknod,
    libc::SYS_mknodat,
    libc::SYS_mkdir,
    libc::SYS_mkdirat,
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_setsid,
    libc::SYS_setpgid,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_pidfd_open,
    libc::SYS_pidfd_send_signal,
    libc::SYS_pidfd_getfd,
    libc::SYS_kcmp,
];

/// The seccomp program of a compiled program: the [`REFUSED`] calls are
/// not made and raise `SIGSYS` (a trap, so that the runtime's handler can
/// name the call before the program ends), every other is allowed (the C
/// library's start-up and `exec` itself need many).
#[cfg(target_arch = "x86_64")]
fn program_filter() -> Result<Vec<libc::sock_filter>, String> {
    let rules = REFUSED.iter().map(|&n| (n, Vec::new())).collect();
    compile_filter(
        rules,
        seccompiler::SeccompAction::Allow,
        seccompiler::SeccompAction::Trap,
    )
}

/// What codegen/runtime/sigsys.c writes on stderr before the line's
/// decimal number.
const REFUSED_LINE: &[u8] = b"lloracle: refused system call ";

/// The system call an executable that ended with `signal` was refused:
/// for `SIGSYS`, the number on the last line of its `stderr` that the
/// runtime's handler wrote (codegen/runtime/sigsys.c); `None` for another
/// signal, or when no such line is there (an executable linked without
/// lloracle's runtime object, or whose stderr went past its cap first).
pub fn refused_call(signal: i32, stderr: &[u8]) -> Option<i64> {
    if signal != libc::SIGSYS {
        return None;
    }
    let at = stderr
        .windows(REFUSED_LINE.len())
        .rposition(|w| w == REFUSED_LINE)?;
    let rest = stderr.get(at + REFUSED_LINE.len()..)?;
    let end = rest.iter().position(|&b| b == b'\n')?;
    std::str::from_utf8(rest.get(..end)?).ok()?.parse().ok()
}

/// No system-call filter off x86-64 ([`isolation`] says so).
#[cfg(not(target_arch = "x86_64"))]
fn program_filter() -> Result<Vec<libc::sock_filter>, String> {
    Ok(Vec::new())
}

/// The seccomp program of `rules` (a system call with no rule matches
/// always; with rules, when one of them holds): `matched` for those,
/// `otherwise` for every other call, for this machine's architecture.
pub fn compile_filter(
    rules: std::collections::BTreeMap<i64, Vec<seccompiler::SeccompRule>>,
    otherwise: seccompiler::SeccompAction,
    matched: seccompiler::SeccompAction,
) -> Result<Vec<libc::sock_filter>, String> {
    let arch = seccompiler::TargetArch::try_from(std::env::consts::ARCH)
        .map_err(|e| format!("no system-call filter on this machine: {e}"))?;
    let f = seccompiler::SeccompFilter::new(rules, otherwise, matched, arch)
        .map_err(|e| format!("cannot build the system-call filter: {e}"))?;
    let prog = seccompiler::BpfProgram::try_from(f)
        .map_err(|e| format!("cannot build the system-call filter: {e}"))?;
    Ok(prog
        .into_iter()
        .map(|i| libc::sock_filter {
            code: i.code,
            jt: i.jt,
            jf: i.jf,
            k: i.k,
        })
        .collect())
}

/// The confinement this kernel gives a submission's processes, found once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Isolation {
    /// The Landlock ABI in force (0: none): files, and from 4 TCP, from 6
    /// abstract Unix sockets and signals.
    pub landlock_abi: i32,
    /// Whether seccomp filters can be installed (compiled programs'
    /// system calls, the in-process runner).
    pub seccomp: bool,
    /// Whether programs run in their own PID namespace (see
    /// [`crate::supervise`]).
    pub pid_namespace: bool,
    /// Whether confined programs also run in their own network namespace
    /// (no network at all, UDP included).
    pub network_namespace: bool,
}

impl Isolation {
    /// Whether every confinement docs/grading.md describes is in force:
    /// files, network (TCP), signals, system calls.
    pub fn complete(&self) -> bool {
        self.landlock_abi >= 6 && self.seccomp
    }

    /// What is in force, in words, for report headers: e.g. `landlock
    /// (ABI 7: files, TCP, signals), seccomp, PID namespace`; `none` when
    /// nothing is.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if self.landlock_abi > 0 {
            let mut what = vec!["files"];
            if self.landlock_abi >= 4 {
                what.push("TCP");
            }
            if self.landlock_abi >= 6 {
                what.push("signals");
            }
            parts.push(format!(
                "landlock (ABI {}: {})",
                self.landlock_abi,
                what.join(", ")
            ));
        }
        if self.seccomp {
            parts.push("seccomp".to_string());
        }
        if self.pid_namespace {
            parts.push("PID namespace".to_string());
        }
        if self.network_namespace {
            parts.push("network namespace".to_string());
        }
        if parts.is_empty() {
            "none".into()
        } else {
            parts.join(", ")
        }
    }

    /// What is missing, in words (empty when [`Isolation::complete`]).
    pub fn missing(&self) -> Vec<&'static str> {
        let mut m = Vec::new();
        if self.landlock_abi == 0 {
            m.push("no Landlock: a submission can read and write every file the grader can");
        } else {
            if self.landlock_abi < 4 {
                m.push("Landlock below ABI 4: a submission can open TCP connections");
            }
            if self.landlock_abi < 6 {
                m.push("Landlock below ABI 6: a submission can signal other processes of the grader's user");
            }
        }
        if !self.seccomp {
            m.push("no seccomp: compiled programs' system calls are not filtered");
        }
        m
    }
}

/// The confinement this kernel supports, found on first use: the
/// Landlock ABI (`landlock_create_ruleset`'s version query), whether
/// seccomp filters work (`PR_GET_SECCOMP`), and whether a PID namespace
/// can be entered (tried in a forked child).
pub fn isolation() -> &'static Isolation {
    static ISOLATION: OnceLock<Isolation> = OnceLock::new();
    ISOLATION.get_or_init(|| Isolation {
        landlock_abi: landlock_abi(),
        // SAFETY: a query without side effects.
        seccomp: cfg!(target_arch = "x86_64") && unsafe { libc::prctl(libc::PR_GET_SECCOMP) } >= 0,
        pid_namespace: crate::supervise::pid_namespace_available(),
        network_namespace: crate::supervise::network_namespace_available(),
    })
}

/// The kernel's Landlock ABI version, 0 when it has none (or it is off).
fn landlock_abi() -> i32 {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
    // SAFETY: the version query takes no attribute.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    i32::try_from(v).unwrap_or(0).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::{run_confined, Ended, Limits};
    use std::process::Command;
    use std::time::Duration;

    /// `sh -c script` in `sandbox`; its status and stderr.
    fn sh(script: &str, sandbox: &Sandbox) -> (Ended, String) {
        let mut c = Command::new("sh");
        c.arg("-c").arg(script);
        let f = run_confined(
            c,
            &[],
            &Limits::tool(Duration::from_secs(20)),
            Some(sandbox),
        )
        .expect("sh runs");
        (f.ended, String::from_utf8_lossy(&f.stderr).into_owned())
    }

    fn landlock_or_skip() -> bool {
        let ok = isolation().landlock_abi > 0;
        if !ok {
            eprintln!("SKIP: this kernel has no Landlock");
        }
        ok
    }

    /// Writing is allowed below the writable folder only; reading below
    /// the readable ones and the system's only (Landlock refuses the rest
    /// with EACCES: the shell's redirection and `cat` fail).
    #[test]
    fn files_outside_the_sandbox_are_out_of_reach() {
        if !landlock_or_skip() {
            return;
        }
        let root = tempfile::tempdir().expect("tempdir");
        let (mine, theirs, shared) = (
            root.path().join("mine"),
            root.path().join("theirs"),
            root.path().join("shared"),
        );
        for d in [&mine, &theirs, &shared] {
            std::fs::create_dir(d).expect("mkdir");
        }
        std::fs::write(theirs.join("secret"), "s").expect("write");
        std::fs::write(shared.join("lib"), "l").expect("write");
        let sandbox = Sandbox::new(vec![mine.clone()], vec![shared.clone()]);
        let t = theirs.display();
        let (m, s) = (mine.display(), shared.display());
        let script = format!(
            "echo a > {m}/a && cat {s}/lib > {m}/b && ! cat {t}/secret && ! echo x > {t}/x \
             && ! rm {t}/secret && ! echo y > {s}/y && ! ls {t}"
        );
        let (ended, err) = sh(&script, &sandbox);
        assert_eq!(ended, Ended::Exited(0), "{err}");
        assert_eq!(std::fs::read_to_string(mine.join("b")).expect("b"), "l");
        assert!(theirs.join("secret").exists() && !theirs.join("x").exists());
        assert!(!shared.join("y").exists());
    }

    /// What a header says and what `--isolation required` misses, by the
    /// rules of [`Isolation`]: Landlock below ABI 4 has no TCP rules,
    /// below 6 no signal scope; complete needs ABI 6 and seccomp.
    #[test]
    fn isolation_words_follow_the_abi() {
        let old = Isolation {
            landlock_abi: 3,
            seccomp: false,
            pid_namespace: true,
            network_namespace: false,
        };
        assert_eq!(old.describe(), "landlock (ABI 3: files), PID namespace");
        assert!(!old.complete());
        assert_eq!(old.missing().len(), 3, "{:?}", old.missing());
        let none = Isolation {
            landlock_abi: 0,
            seccomp: false,
            pid_namespace: false,
            network_namespace: false,
        };
        assert_eq!(none.describe(), "none");
        let full = Isolation {
            landlock_abi: 7,
            seccomp: true,
            pid_namespace: true,
            network_namespace: true,
        };
        assert_eq!(
            full.describe(),
            "landlock (ABI 7: files, TCP, signals), seccomp, PID namespace, network namespace"
        );
        assert!(full.complete() && full.missing().is_empty());
    }

    /// A compiled program's refused system call ends it with `SIGSYS`
    /// (seccomp's `TRAP`, and `rm` has no handler): `rm`'s `unlinkat` on a
    /// file in its own writable folder (which Landlock alone would allow).
    #[test]
    fn a_refused_system_call_ends_the_program_with_sigsys() {
        if !isolation().seccomp {
            eprintln!("SKIP: no seccomp here");
            return;
        }
        let scratch = tempfile::tempdir().expect("tempdir");
        let f = scratch.path().join("f");
        std::fs::write(&f, "x").expect("write");
        let sandbox = Sandbox::for_program(vec![scratch.path().to_path_buf()], vec![]);
        let (ended, err) = sh(&format!("exec rm {}", f.display()), &sandbox);
        assert_eq!(ended, Ended::Signaled(libc::SIGSYS), "{err}");
        assert!(f.exists());
    }

    /// The handler's line is read back: the last one wins (a program may
    /// print a look-alike first), only for `SIGSYS` (31 on x86-64), and
    /// only a whole line.
    #[test]
    fn the_refused_call_is_read_from_the_last_line() {
        let err = b"x\nlloracle: refused system call 1\n\nlloracle: refused system call 87\n";
        assert_eq!(refused_call(libc::SIGSYS, err), Some(87));
        assert_eq!(refused_call(libc::SIGSEGV, err), None);
        assert_eq!(
            refused_call(libc::SIGSYS, b"lloracle: refused system call 8"),
            None
        );
        assert_eq!(refused_call(libc::SIGSYS, b""), None);
    }

    /// An executable linked with lloracle's runtime object, run confined,
    /// makes a refused call: it ends with `SIGSYS` and its stderr names
    /// the call. x86-64 numbers (the kernel's `syscall_64.tbl`): `unlink`
    /// 87 (the file survives), `kill` 62 (signal 0 to its own pid), `fork`
    /// 57 (glibc's `fork` is `clone`, 56; the raw call is used), `socket`
    /// 41.
    #[test]
    fn a_linked_program_s_refused_call_is_named() {
        if !isolation().seccomp || crate::tools::cc().is_none() {
            eprintln!("SKIP: no seccomp or no C compiler here");
            return;
        }
        let dir = tempfile::tempdir().expect("tempdir");
        let d = dir.path();
        let victim = d.join("victim");
        std::fs::write(&victim, "x").expect("write");
        let rt = crate::build_runtime_object(d).expect("the runtime object");
        let calls = [
            (87, format!("unlink(\"{}\")", victim.display())),
            (62, "kill(getpid(), 0)".to_string()),
            (57, "syscall(SYS_fork)".to_string()),
            (41, "socket(AF_INET, SOCK_DGRAM, 0)".to_string()),
        ];
        for (number, call) in calls {
            let c = d.join("p.c");
            std::fs::write(
                &c,
                format!(
                    "#define _GNU_SOURCE\n#include <unistd.h>\n#include <signal.h>\n\
                     #include <sys/socket.h>\n#include <sys/syscall.h>\n\
                     int main(void) {{ {call}; return 0; }}\n"
                ),
            )
            .expect("write");
            let exe = d.join("p");
            let mut cc = Command::new(crate::tools::cc().expect("cc"));
            cc.arg("-o").arg(&exe).arg(&c).arg(&rt);
            let built =
                crate::process::run(cc, &Limits::tool(Duration::from_secs(60))).expect("cc runs");
            assert_eq!(built.ended, Ended::Exited(0), "{:?}", built.stderr);
            let sandbox = Sandbox::for_program(vec![d.to_path_buf()], vec![]);
            let f = run_confined(
                Command::new(&exe),
                &[],
                &Limits::tool(Duration::from_secs(20)),
                Some(&sandbox),
            )
            .expect("the program runs");
            assert_eq!(f.ended, Ended::Signaled(libc::SIGSYS), "{call}");
            assert_eq!(
                refused_call(libc::SIGSYS, &f.stderr),
                Some(number),
                "{call}"
            );
        }
        assert!(victim.exists());
    }

    /// A confined program has no network at all: a UDP datagram to a
    /// socket this test listens on (bash's `/dev/udp`) never arrives,
    /// though UDP is outside Landlock's rules (the network namespace).
    #[test]
    fn no_udp_datagram_leaves_the_sandbox() {
        if !isolation().network_namespace {
            eprintln!("SKIP: this kernel gives no network namespace here");
            return;
        }
        if crate::tools::find_tool(&["bash"]).is_none() {
            eprintln!("SKIP: no bash (its /dev/udp sends the datagram)");
            return;
        }
        let socket = std::net::UdpSocket::bind("127.0.0.1:0").expect("bind");
        socket.set_nonblocking(true).expect("nonblocking");
        let port = socket.local_addr().expect("addr").port();
        let scratch = tempfile::tempdir().expect("tempdir");
        let sandbox = Sandbox::new(vec![scratch.path().to_path_buf()], vec![]);
        let mut c = Command::new("bash");
        c.arg("-c")
            .arg(format!("echo hi > /dev/udp/127.0.0.1/{port}; echo tried"));
        let f = run_confined(
            c,
            &[],
            &Limits::tool(Duration::from_secs(20)),
            Some(&sandbox),
        )
        .expect("bash runs");
        assert_eq!(f.ended, Ended::Exited(0), "{:?}", f.stderr);
        assert_eq!(f.stdout, b"tried\n");
        // Unconfined, the same command's datagram does arrive (the test
        // can fail): then nothing arrived above because of the sandbox.
        let mut c = Command::new("bash");
        c.arg("-c")
            .arg(format!("echo hi > /dev/udp/127.0.0.1/{port}"));
        let sent =
            run_confined(c, &[], &Limits::tool(Duration::from_secs(20)), None).expect("bash runs");
        assert_eq!(sent.ended, Ended::Exited(0), "{:?}", sent.stderr);
        let mut buf = [0u8; 16];
        let first = socket
            .recv(&mut buf)
            .expect("the unconfined datagram arrived");
        assert_eq!(buf.get(..first), Some(&b"hi\n"[..]));
        assert!(socket.recv(&mut buf).is_err(), "a second datagram arrived");
    }

    /// No TCP connection leaves the sandbox: a listener on the loopback
    /// (this test's own) sees none, and bash's `/dev/tcp` fails.
    #[test]
    fn no_tcp_connection_leaves_the_sandbox() {
        if !landlock_or_skip() {
            return;
        }
        if isolation().landlock_abi < 4 {
            eprintln!("SKIP: Landlock below ABI 4 has no TCP rules");
            return;
        }
        if crate::tools::find_tool(&["bash"]).is_none() {
            eprintln!("SKIP: no bash (its /dev/tcp opens the connection)");
            return;
        }
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
        listener.set_nonblocking(true).expect("nonblocking");
        let port = listener.local_addr().expect("addr").port();
        let scratch = tempfile::tempdir().expect("tempdir");
        let sandbox = Sandbox::new(vec![scratch.path().to_path_buf()], vec![]);
        let mut c = Command::new("bash");
        c.arg("-c").arg(format!(
            "echo hi > /dev/tcp/127.0.0.1/{port} && echo connected"
        ));
        let f = run_confined(
            c,
            &[],
            &Limits::tool(Duration::from_secs(20)),
            Some(&sandbox),
        )
        .expect("bash runs");
        assert_ne!(f.ended, Ended::Exited(0));
        assert!(f.stdout.is_empty());
        assert!(listener.accept().is_err(), "a connection arrived");
    }
}
