//! The worker threads of a campaign's parallel stages (`--jobs`): one
//! rayon pool of that many threads for each stage, the same for every
//! subject.

/// Runs `f` on a rayon pool of `jobs` threads (at least one), so that the
/// parallel iterators inside it use that many; on the global pool when a
/// pool cannot be made (the work is the same, only its spread differs).
pub fn on_threads<T: Send>(jobs: usize, f: impl FnOnce() -> T + Send) -> T {
    match rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
    {
        Ok(pool) => pool.install(f),
        Err(_) => f(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_work_runs_on_as_many_threads_as_asked() {
        // rayon's pool has exactly `num_threads` workers, and the closure
        // runs on one of them: 3 asked, 3 seen; 0 asked is at least one.
        assert_eq!(on_threads(3, rayon::current_num_threads), 3);
        assert_eq!(on_threads(0, rayon::current_num_threads), 1);
    }
}
