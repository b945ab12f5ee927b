//! Passing descriptors over a Unix socket (`SCM_RIGHTS`): the supervisor
//! hands lloracle a pidfd of the process it started, the runner process
//! of `codegen` receives a run's image and pipes and hands back its
//! child's pidfd. Plain system calls on stack buffers, safe in a forked
//! child.

/// The most descriptors one message carries.
pub const MAX_FDS: usize = 4;

/// Sends `bytes` with the descriptors `fds` (at most [`MAX_FDS`])
/// attached; false when it could not.
pub fn send(sock: libc::c_int, bytes: &[u8], fds: &[libc::c_int]) -> bool {
    if fds.len() > MAX_FDS {
        return false;
    }
    let fds_len = std::mem::size_of_val(fds);
    let mut cbuf = [0u64; 8];
    // SAFETY: building a msghdr over our own buffers; CMSG_* stay inside
    // `cbuf`, which is larger than CMSG_SPACE(MAX_FDS ints).
    unsafe {
        let space = libc::CMSG_SPACE(fds_len as u32) as usize;
        if space > std::mem::size_of_val(&cbuf) {
            return false;
        }
        let mut iov = libc::iovec {
            iov_base: bytes.as_ptr() as *mut libc::c_void,
            iov_len: bytes.len(),
        };
        let mut msg: libc::msghdr = std::mem::zeroed();
        msg.msg_iov = &mut iov;
        msg.msg_iovlen = 1;
        if !fds.is_empty() {
            msg.msg_control = cbuf.as_mut_ptr().cast();
            msg.msg_controllen = space;
            let c = libc::CMSG_FIRSTHDR(&msg);
            if c.is_null() {
                return false;
            }
            (*c).cmsg_level = libc::SOL_SOCKET;
            (*c).cmsg_type = libc::SCM_RIGHTS;
            (*c).cmsg_len = libc::CMSG_LEN(fds_len as u32) as usize;
            std::ptr::copy_nonoverlapping(fds.as_ptr(), libc::CMSG_DATA(c).cast(), fds.len());
        }
        loop {
            let n = libc::sendmsg(sock, &msg, libc::MSG_NOSIGNAL);
            if n == bytes.len() as isize {
                return true;
            }
            if n < 0 && *libc::__errno_location() == libc::EINTR {
                continue;
            }
            return false;
        }
    }
}

/// Receives one message into `buf` and up to `fds.len()` descriptors into
/// `fds` (-1 where none; more are closed), close-on-exec; the message
/// length, 0 at end of file, -1 on error (`flags`: `recvmsg`'s, e.g.
/// `MSG_DONTWAIT`).
///
/// # Safety
/// `fds` receives descriptors the caller must close.
pub unsafe fn recv(
    sock: libc::c_int,
    buf: &mut [u8],
    fds: &mut [libc::c_int],
    flags: libc::c_int,
) -> isize {
    let mut cbuf = [0u64; 8];
    fds.fill(-1);
    let mut iov = libc::iovec {
        iov_base: buf.as_mut_ptr().cast(),
        iov_len: buf.len(),
    };
    let mut msg: libc::msghdr = std::mem::zeroed();
    msg.msg_iov = &mut iov;
    msg.msg_iovlen = 1;
    msg.msg_control = cbuf.as_mut_ptr().cast();
    msg.msg_controllen = std::mem::size_of_val(&cbuf);
    let n = loop {
        let n = libc::recvmsg(sock, &mut msg, libc::MSG_CMSG_CLOEXEC | flags);
        if n < 0 && *libc::__errno_location() == libc::EINTR {
            continue;
        }
        break n;
    };
    if n <= 0 {
        return n;
    }
    let mut c = libc::CMSG_FIRSTHDR(&msg);
    let mut k = 0;
    while !c.is_null() {
        if (*c).cmsg_level == libc::SOL_SOCKET && (*c).cmsg_type == libc::SCM_RIGHTS {
            let data = libc::CMSG_DATA(c).cast::<libc::c_int>();
            let count = ((*c).cmsg_len - libc::CMSG_LEN(0) as usize) / 4;
            for i in 0..count {
                let fd = std::ptr::read_unaligned(data.add(i));
                match fds.get_mut(k) {
                    Some(slot) => *slot = fd,
                    None => {
                        libc::close(fd);
                    }
                }
                k += 1;
            }
        }
        c = libc::CMSG_NXTHDR(&msg, c);
    }
    n
}

/// The descriptors to send for `fd`: itself, or none when it is -1.
pub fn one(fd: &libc::c_int) -> &[libc::c_int] {
    if *fd >= 0 {
        std::slice::from_ref(fd)
    } else {
        &[]
    }
}
