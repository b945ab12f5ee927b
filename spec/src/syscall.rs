//! The names of the system calls a confined program may be refused
//! (docs/grading.md, "What a submission can and cannot do"): a run that
//! made one is reported as "the program made system call N (name)".
//! Numbers are the x86-64 Linux ones (`arch/x86/entry/syscalls/syscall_64.tbl`),
//! the only machine whose programs lloracle runs natively.

/// x86-64 system call numbers and names: every call the confinement
/// refuses, and the common ones a program's code might make.
const NAMES: [(i64, &str); 88] = [
    (0, "read"),
    (1, "write"),
    (2, "open"),
    (3, "close"),
    (4, "stat"),
    (5, "fstat"),
    (8, "lseek"),
    (9, "mmap"),
    (10, "mprotect"),
    (11, "munmap"),
    (12, "brk"),
    (13, "rt_sigaction"),
    (16, "ioctl"),
    (21, "access"),
    (22, "pipe"),
    (32, "dup"),
    (33, "dup2"),
    (35, "nanosleep"),
    (39, "getpid"),
    (41, "socket"),
    (42, "connect"),
    (43, "accept"),
    (44, "sendto"),
    (45, "recvfrom"),
    (49, "bind"),
    (50, "listen"),
    (53, "socketpair"),
    (56, "clone"),
    (57, "fork"),
    (58, "vfork"),
    (59, "execve"),
    (62, "kill"),
    (63, "uname"),
    (72, "fcntl"),
    (76, "truncate"),
    (80, "chdir"),
    (82, "rename"),
    (83, "mkdir"),
    (84, "rmdir"),
    (86, "link"),
    (87, "unlink"),
    (88, "symlink"),
    (90, "chmod"),
    (91, "fchmod"),
    (92, "chown"),
    (93, "fchown"),
    (94, "lchown"),
    (101, "ptrace"),
    (109, "setpgid"),
    (112, "setsid"),
    (129, "rt_sigqueueinfo"),
    (133, "mknod"),
    (155, "pivot_root"),
    (161, "chroot"),
    (165, "mount"),
    (166, "umount2"),
    (200, "tkill"),
    (248, "add_key"),
    (249, "request_key"),
    (250, "keyctl"),
    (257, "openat"),
    (258, "mkdirat"),
    (259, "mknodat"),
    (260, "fchownat"),
    (263, "unlinkat"),
    (264, "renameat"),
    (265, "linkat"),
    (266, "symlinkat"),
    (268, "fchmodat"),
    (272, "unshare"),
    (288, "accept4"),
    (297, "rt_tgsigqueueinfo"),
    (298, "perf_event_open"),
    (308, "setns"),
    (310, "process_vm_readv"),
    (311, "process_vm_writev"),
    (312, "kcmp"),
    (316, "renameat2"),
    (321, "bpf"),
    (322, "execveat"),
    (323, "userfaultfd"),
    (424, "pidfd_send_signal"),
    (425, "io_uring_setup"),
    (426, "io_uring_enter"),
    (427, "io_uring_register"),
    (434, "pidfd_open"),
    (435, "clone3"),
    (438, "pidfd_getfd"),
];

/// The name of x86-64 system call `number`, when it is one the table
/// knows (the refused ones and the common ones).
pub fn name(number: i64) -> Option<&'static str> {
    NAMES.iter().find(|(n, _)| *n == number).map(|(_, s)| *s)
}

/// "the program made system call N (name)", or without the name for a
/// call the table does not know.
pub fn describe(number: i64) -> String {
    match name(number) {
        Some(s) => format!("the program made system call {number} ({s})"),
        None => format!("the program made system call {number}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers checked by hand against the kernel's x86-64 table
    /// (`syscall_64.tbl`) and glibc's `<asm/unistd_64.h>`.
    #[test]
    fn the_common_refused_calls_are_named() {
        assert_eq!(name(87), Some("unlink"));
        assert_eq!(name(62), Some("kill"));
        assert_eq!(name(57), Some("fork"));
        assert_eq!(name(41), Some("socket"));
        assert_eq!(name(56), Some("clone"));
        assert_eq!(name(263), Some("unlinkat"));
        assert_eq!(name(100_000), None);
        assert_eq!(describe(87), "the program made system call 87 (unlink)");
        assert_eq!(describe(-1), "the program made system call -1");
    }

    /// The table has one name per number.
    #[test]
    fn numbers_are_unique() {
        let mut n: Vec<i64> = NAMES.iter().map(|(n, _)| *n).collect();
        n.sort_unstable();
        n.dedup();
        assert_eq!(n.len(), NAMES.len());
    }
}
