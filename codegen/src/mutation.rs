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
}

impl Mutation {
    /// Every mutation, in a fixed order.
    pub const ALL: [Mutation; 5] = [
        Mutation::SubSwap,
        Mutation::WrongFieldOffset,
        Mutation::DropSeventhArg,
        Mutation::SleAsSlt,
        Mutation::AshrAsLshr,
    ];

    /// The command-line name (`sub-swap`, `field-offset`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Mutation::SubSwap => "sub-swap",
            Mutation::WrongFieldOffset => "field-offset",
            Mutation::DropSeventhArg => "drop-seventh-arg",
            Mutation::SleAsSlt => "sle-as-slt",
            Mutation::AshrAsLshr => "ashr-as-lshr",
        }
    }

    /// The mutation called `name` (see [`Mutation::name`]).
    pub fn from_name(name: &str) -> Option<Mutation> {
        Mutation::ALL.into_iter().find(|m| m.name() == name)
    }
}
