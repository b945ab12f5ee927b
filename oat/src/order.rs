//! The evaluation orders the Oat language leaves open (docs/oat.md, "The
//! evaluator's rules"). The Oat specification does not say in which order
//! a call's arguments are evaluated, and the courses' front ends differ:
//! the ETH homework 4 handout's code evaluates them left to right, the
//! homework 5 handout's `cmp_call` (`List.fold_right2`) right to left.
//! Every other order is fixed: left to right, as written.
//!
//! The evaluator runs a program in one [`ArgOrder`]; a program's expected
//! outcomes are its outcomes in every order its [`ArgOrders`] allows
//! (`oat::eval::outcomes`), and a front end passes a run when its output
//! matches any of them.

/// The order in which a call's arguments are evaluated (every call of one
/// run evaluates its arguments in the same order; the callee, a function
/// name or value, comes first either way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ArgOrder {
    /// First argument first (the ETH homework 4 handout).
    #[default]
    LeftToRight,
    /// Last argument first (the ETH homework 5 handout's `cmp_call`).
    RightToLeft,
}

impl ArgOrder {
    /// Every order, the evaluator's default first.
    pub const ALL: [ArgOrder; 2] = [ArgOrder::LeftToRight, ArgOrder::RightToLeft];

    /// Its name in reports (`left to right`, `right to left`).
    pub fn words(self) -> &'static str {
        match self {
            ArgOrder::LeftToRight => "left to right",
            ArgOrder::RightToLeft => "right to left",
        }
    }
}

/// Which call-argument orders a program may be evaluated in: the
/// language's rule ([`ArgOrders::Open`], every [`ArgOrder`]) or one a
/// course's dialect fixes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ArgOrders {
    /// The language's rule: any order (the default).
    #[default]
    Open,
    /// The course fixes this order.
    Fixed(ArgOrder),
}

impl ArgOrders {
    /// The orders allowed, the evaluator's default first.
    pub fn allowed(self) -> &'static [ArgOrder] {
        match self {
            ArgOrders::Open => &ArgOrder::ALL,
            ArgOrders::Fixed(ArgOrder::LeftToRight) => &[ArgOrder::LeftToRight],
            ArgOrders::Fixed(ArgOrder::RightToLeft) => &[ArgOrder::RightToLeft],
        }
    }

    /// The first order allowed: the one a program's expected output is
    /// computed in (left to right where the order is open).
    pub fn first(self) -> ArgOrder {
        match self {
            ArgOrders::Open => ArgOrder::LeftToRight,
            ArgOrders::Fixed(o) => o,
        }
    }

    /// True when more than one order is allowed: a program whose output
    /// depends on the order has several right outputs.
    pub fn is_open(self) -> bool {
        self.allowed().len() > 1
    }
}
