//! The three ways to get a program: `arbitrary` (fuzzing), `quickcheck`
//! (properties with shrinking) and a seed (the command line).

use crate::{generate, shrink, GenConfig, Profile};
use arbitrary::Unstructured;
use spec::Prog;
use std::fmt;

/// A generated program (a newtype so that the generator's `Arbitrary`
/// impls can live here). Its `Debug` form is the program's text.
#[derive(Clone, PartialEq, Eq)]
pub struct GenProgram(pub Prog);

impl fmt::Debug for GenProgram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&spec::print(&self.0))
    }
}

impl<'a> arbitrary::Arbitrary<'a> for GenProgram {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<GenProgram> {
        generate(u, &GenConfig::default()).map(GenProgram)
    }
}

impl quickcheck::Arbitrary for GenProgram {
    /// Fills a byte buffer of up to `64 * size` bytes from quickcheck's
    /// source and generates with [`GenConfig::with_size`]`(size)`.
    fn arbitrary(g: &mut quickcheck::Gen) -> GenProgram {
        let size = g.size().max(1);
        let len = usize::arbitrary(g) % (64 * size + 1);
        let bytes: Vec<u8> = (0..len).map(|_| u8::arbitrary(g)).collect();
        from_bytes(&bytes, size, None, Profile::Default)
    }

    /// Structural shrinks that still check and return on the oracle
    /// ([`shrink::shrink`]).
    fn shrink(&self) -> Box<dyn Iterator<Item = GenProgram>> {
        Box::new(shrink::shrink(&self.0).map(GenProgram))
    }
}

/// The program `bytes` give at size `size`.
fn from_bytes(
    bytes: &[u8],
    size: usize,
    dialect: Option<&spec::dialect::Dialect>,
    profile: Profile,
) -> GenProgram {
    let mut u = Unstructured::new(bytes);
    let cfg = GenConfig::with_size(size)
        .in_dialect(dialect.cloned())
        .with_profile(profile);
    // `generate` never fails; an empty program would be a bug, not a panic.
    GenProgram(generate(&mut u, &cfg).unwrap_or_default())
}

/// The program of seed `seed` at size `size` (1..=100): deterministic, the
/// same seed and size give the same program. The bytes come from SplitMix64.
pub fn from_seed(seed: u64, size: usize) -> Prog {
    from_seed_in(seed, size, None)
}

/// [`from_seed`] with programs written in `dialect` (see
/// [`GenConfig::dialect`]); `None` gives [`from_seed`]'s program.
pub fn from_seed_in(seed: u64, size: usize, dialect: Option<&spec::dialect::Dialect>) -> Prog {
    from_seed_with(seed, size, dialect, Profile::Default)
}

/// [`from_seed_in`] with programs of profile `profile` (see [`Profile`]);
/// [`Profile::Default`] gives [`from_seed_in`]'s program. The seed's bytes
/// are the same for every profile.
pub fn from_seed_with(
    seed: u64,
    size: usize,
    dialect: Option<&spec::dialect::Dialect>,
    profile: Profile,
) -> Prog {
    from_bytes(&seed_bytes(seed, size), size, dialect, profile).0
}

/// The bytes seed `seed` gives a program of size `size` (1..=100):
/// `1024 + 128 * size` of them from SplitMix64. Shared by every generator
/// that takes a seed (`lloracle gen`, also with `--lang oat`).
pub fn seed_bytes(seed: u64, size: usize) -> Vec<u8> {
    let len = 1024 + 128 * size.clamp(1, 100);
    let mut state = seed;
    let mut bytes = Vec::with_capacity(len + 8);
    while bytes.len() < len {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        bytes.extend_from_slice(&z.to_le_bytes());
    }
    bytes
}
