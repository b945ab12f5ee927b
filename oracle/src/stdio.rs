//! C's stdout as the course harness runs a program (`./exec args > tmp
//! 2>&1`, docs/semantics.md, "Oat programs and course runtimes"): stdout
//! to a file is fully buffered by the C library (glibc: a buffer of
//! st_blksize, 4096 bytes), stderr unbuffered. At `exit` the stderr text
//! lands after the stdout bytes already written out and before the ones
//! still buffered; at `abort` the buffered ones are lost. This module
//! follows glibc's `_IO_new_file_xsputn` (what `printf` and `puts` call)
//! and `_IO_putc`: only how many bytes are in the buffer matters.

/// glibc's buffer size for a file on the usual file systems (st_blksize).
pub const BUFFER: usize = 4096;

/// How many bytes of stdout sit in the C library's buffer, not yet
/// written to the file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct StdoutBuffer {
    /// Whether the buffer exists yet (glibc allocates it at the first
    /// write; until then that write sees no room).
    allocated: bool,
    /// Bytes in the buffer.
    buffered: usize,
}

impl StdoutBuffer {
    /// One `_IO_sputn` of `n` bytes (a `printf` conversion, `puts`'s
    /// string): the buffer's room is filled; if bytes remain, the buffer is
    /// written out, then as many whole buffers' worth as remain are written
    /// directly, and the rest is buffered.
    pub fn sputn(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        let room = if self.allocated {
            BUFFER - self.buffered
        } else {
            0
        };
        let take = room.min(n);
        self.buffered += take;
        let rest = n - take;
        if rest > 0 {
            self.allocated = true;
            self.buffered = rest % BUFFER;
        }
    }

    /// One `putc` (`puts`'s newline): a full (or absent) buffer is written
    /// out first.
    pub fn putc(&mut self) {
        if !self.allocated || self.buffered == BUFFER {
            self.allocated = true;
            self.buffered = 0;
        }
        self.buffered += 1;
    }

    /// Of `total` bytes printed so far, how many the C library has written
    /// to the file.
    pub fn written(&self, total: usize) -> usize {
        total.saturating_sub(self.buffered)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The positions measured with cc -O1 and glibc (a C program printing
    /// N bytes in chunks with `printf("%s")`, then `fprintf(stderr, "E")`;
    /// `exit(1)`; run `> out 2>&1`): where "E" landed.
    #[test]
    fn stderr_lands_where_glibc_put_it() {
        let at = |n: usize, chunk: usize| {
            let mut b = StdoutBuffer::default();
            let mut done = 0;
            while done < n {
                let k = chunk.min(n - done);
                b.sputn(k);
                done += k;
            }
            b.written(n)
        };
        assert_eq!(at(10, 1), 0);
        assert_eq!(at(4095, 1), 0);
        assert_eq!(at(4096, 1), 0);
        assert_eq!(at(4097, 1), 4096);
        assert_eq!(at(8192, 7), 4096);
        assert_eq!(at(8193, 7), 8192);
        assert_eq!(at(10000, 10000), 8192);
        assert_eq!(at(4096, 4096), 4096);
        assert_eq!(at(12289, 5000), 12288);
    }
}
