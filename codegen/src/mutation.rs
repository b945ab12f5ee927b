//! Deliberate bugs for mutation testing of compiler checkers: a back end
//! compiled with a [`Mutation`] is a wrong compiler on purpose, so that a
//! harness (`lloracle test-compiler`) can show it catches each kind of
//! mistake students make. Never on by default.

/// One deliberate miscompilation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mutation {
    /// `sub i64 OP1, OP2` computes `OP2 - OP1`.
    SubSwap,
    /// A GEP through struct field number 1 or more lands 8 bytes too far.
    WrongFieldOffset,
    /// The seventh argument of a call is not passed: its stack slot holds 0.
    DropSeventhArg,
    /// `icmp sle` is compiled as `icmp slt`.
    SleAsSlt,
    /// `ashr` is compiled as `lshr` (no sign extension).
    AshrAsLshr,
    /// `icmp slt` is compiled as `icmp sle`.
    SltAsSle,
    /// `icmp` compares its operands the other way round (`cmpq` with its
    /// AT&T operands swapped): `slt` gives `sgt`, `sle` gives `sge`, and
    /// the reverse; `eq` and `ne` stay right. One bug under four
    /// conditions.
    CmpSwap,
    /// A `br i1 %c` whose `%c` is not tested straight from its `icmp`'s
    /// flags (the `icmp` is not the block's last instruction, or another
    /// block computed it) jumps the wrong way: `je` for `jne`. The
    /// comparison's value is right; the branch on it is not.
    HeldCondInverted,
}

impl Mutation {
    /// Every mutation, in a fixed order.
    pub const ALL: [Mutation; 8] = [
        Mutation::SubSwap,
        Mutation::WrongFieldOffset,
        Mutation::DropSeventhArg,
        Mutation::SleAsSlt,
        Mutation::AshrAsLshr,
        Mutation::SltAsSle,
        Mutation::CmpSwap,
        Mutation::HeldCondInverted,
    ];

    /// The command-line name (`sub-swap`, `field-offset`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Mutation::SubSwap => "sub-swap",
            Mutation::WrongFieldOffset => "field-offset",
            Mutation::DropSeventhArg => "drop-seventh-arg",
            Mutation::SleAsSlt => "sle-as-slt",
            Mutation::AshrAsLshr => "ashr-as-lshr",
            Mutation::SltAsSle => "slt-as-sle",
            Mutation::CmpSwap => "cmp-swap",
            Mutation::HeldCondInverted => "held-cond-inverted",
        }
    }

    /// The mutation called `name` (see [`Mutation::name`]).
    pub fn from_name(name: &str) -> Option<Mutation> {
        Mutation::ALL.into_iter().find(|m| m.name() == name)
    }
}

/// A set of deliberate miscompilations compiled in together: a back end
/// with several bugs at once (the failure groups' tests plant two or three
/// of one signature class and expect one group each).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mutations(u8);

impl Mutations {
    /// No mutation: the correct back end.
    pub const NONE: Mutations = Mutations(0);

    /// The set of `ms`.
    pub fn of(ms: &[Mutation]) -> Mutations {
        Mutations(ms.iter().fold(0, |acc, &m| acc | Mutations::bit(m)))
    }

    fn bit(m: Mutation) -> u8 {
        1 << Mutation::ALL.iter().position(|&x| x == m).unwrap_or(0)
    }

    /// True when `m` is in the set.
    pub fn contains(self, m: Mutation) -> bool {
        self.0 & Mutations::bit(m) != 0
    }

    /// True for the correct back end.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The mutations of the set, in [`Mutation::ALL`]'s order.
    pub fn iter(self) -> impl Iterator<Item = Mutation> {
        Mutation::ALL.into_iter().filter(move |&m| self.contains(m))
    }

    /// The command-line form: the names joined by `,` (empty for none).
    pub fn names(self) -> String {
        self.iter()
            .map(Mutation::name)
            .collect::<Vec<_>>()
            .join(",")
    }

    /// The set named by `names`, comma-separated (`sle-as-slt,sub-swap`);
    /// `Err` names the first unknown name.
    pub fn from_names(names: &str) -> Result<Mutations, String> {
        let mut ms = Vec::new();
        for n in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            ms.push(Mutation::from_name(n).ok_or_else(|| {
                let known: Vec<&str> = Mutation::ALL.iter().map(|m| m.name()).collect();
                format!("unknown mutation `{n}` (known: {})", known.join(", "))
            })?);
        }
        Ok(Mutations::of(&ms))
    }
}

impl From<Mutation> for Mutations {
    fn from(m: Mutation) -> Mutations {
        Mutations::of(&[m])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_set_holds_exactly_its_mutations_and_reads_back_from_its_names() {
        let s = Mutations::of(&[Mutation::SltAsSle, Mutation::SubSwap]);
        assert!(s.contains(Mutation::SubSwap) && s.contains(Mutation::SltAsSle));
        assert!(!s.contains(Mutation::SleAsSlt));
        assert_eq!(s.names(), "sub-swap,slt-as-sle");
        assert_eq!(Mutations::from_names(&s.names()), Ok(s));
        assert!(Mutations::NONE.is_empty() && Mutations::NONE.iter().next().is_none());
        assert!(Mutations::from_names("sub-swap,nope")
            .unwrap_err()
            .contains("`nope`"));
    }
}
