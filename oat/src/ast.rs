//! The abstract syntax of Oat, as the course handouts' `ast.ml` defines it:
//! Oat v1 (homework 4: `int`, `bool`, `string`, arrays, globals, functions)
//! and Oat v2 (homework 5: adds structs, nullable references `T?`, `if?`,
//! function types, `length(e)`, `new T[n]{i -> e}`). One syntax serves both;
//! [`crate::OatVersion`] says which subset a program keeps to.

/// A value type (`ty` of the handout).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Ty {
    /// `bool`.
    Bool,
    /// `int` (64-bit, two's complement, wrapping).
    Int,
    /// A reference that is never null (`string`, `T[]`, `S`, `(..) -> r`).
    Ref(RefTy),
    /// A nullable reference `R?` (Oat v2).
    NullRef(RefTy),
}

/// A reference type (`rty` of the handout).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RefTy {
    /// `string` (immutable).
    String,
    /// `T[]`.
    Array(Box<Ty>),
    /// A struct type named by its declaration (Oat v2).
    Struct(String),
    /// A function type `(T1, .., Tn) -> R` (Oat v2 values; in v1 only
    /// functions' own declarations have it).
    Fun(Vec<Ty>, RetTy),
}

/// A function's return type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RetTy {
    /// `void`.
    Void,
    /// A value of this type.
    Val(Box<Ty>),
}

/// A unary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Unop {
    /// `-e` on `int` (wrapping).
    Neg,
    /// `!e` on `bool`.
    Lognot,
    /// `~e` on `int` (bitwise not).
    Bitnot,
}

/// A binary operator, in the handout's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Binop {
    /// `+` (wrapping).
    Add,
    /// `-` (wrapping).
    Sub,
    /// `*` (wrapping, low 64 bits).
    Mul,
    /// `==` (on references: the same object).
    Eq,
    /// `!=`.
    Neq,
    /// `<` (signed).
    Lt,
    /// `<=`.
    Lte,
    /// `>`.
    Gt,
    /// `>=`.
    Gte,
    /// `&` on `bool`: both operands are evaluated (not short-circuit).
    And,
    /// `|` on `bool`: both operands are evaluated (not short-circuit).
    Or,
    /// `[&]`: bitwise and on `int`.
    IAnd,
    /// `[|]`: bitwise or on `int`.
    IOr,
    /// `<<` (amount 0..=63).
    Shl,
    /// `>>`: logical shift right (amount 0..=63).
    Shr,
    /// `>>>`: arithmetic shift right (amount 0..=63).
    Sar,
}

impl Binop {
    /// Every operator, in the handout's order.
    pub const ALL: [Binop; 16] = [
        Binop::Add,
        Binop::Sub,
        Binop::Mul,
        Binop::Eq,
        Binop::Neq,
        Binop::Lt,
        Binop::Lte,
        Binop::Gt,
        Binop::Gte,
        Binop::And,
        Binop::Or,
        Binop::IAnd,
        Binop::IOr,
        Binop::Shl,
        Binop::Shr,
        Binop::Sar,
    ];

    /// The operator's token.
    pub fn token(self) -> &'static str {
        match self {
            Binop::Add => "+",
            Binop::Sub => "-",
            Binop::Mul => "*",
            Binop::Eq => "==",
            Binop::Neq => "!=",
            Binop::Lt => "<",
            Binop::Lte => "<=",
            Binop::Gt => ">",
            Binop::Gte => ">=",
            Binop::And => "&",
            Binop::Or => "|",
            Binop::IAnd => "[&]",
            Binop::IOr => "[|]",
            Binop::Shl => "<<",
            Binop::Shr => ">>",
            Binop::Sar => ">>>",
        }
    }

    /// The precedence of the handout's `parser.mly` (higher binds
    /// tighter); every binary operator is left associative.
    pub fn precedence(self) -> u8 {
        match self {
            Binop::IOr => 1,
            Binop::IAnd => 2,
            Binop::Or => 3,
            Binop::And => 4,
            Binop::Eq | Binop::Neq => 5,
            Binop::Lt | Binop::Lte | Binop::Gt | Binop::Gte => 6,
            Binop::Shl | Binop::Shr | Binop::Sar => 7,
            Binop::Add | Binop::Sub => 8,
            Binop::Mul => 9,
        }
    }
}

/// An expression.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Exp {
    /// `R null`.
    Null(RefTy),
    /// `true` / `false`.
    Bool(bool),
    /// An integer literal (the syntax has only non-negative ones; `-5` is
    /// `Uop(Neg, Int(5))`).
    Int(i64),
    /// A string literal (bytes, without the terminating NUL).
    Str(Vec<u8>),
    /// A variable, global or function name.
    Id(String),
    /// `new T[]{e1, .., en}`.
    CArr(Ty, Vec<Exp>),
    /// `new T[n]`: elements are *not* initialised by the course runtime
    /// (`oat_alloc_array` uses `malloc`); reading one before writing it is
    /// undefined.
    NewArr(Ty, Box<Exp>),
    /// `new T[n]{i -> e}` (Oat v2): element `i` is `e` evaluated with `i`
    /// bound, for `i` = 0, 1, .., n-1 in order.
    NewArrInit(Ty, Box<Exp>, String, Box<Exp>),
    /// `a[i]`.
    Index(Box<Exp>, Box<Exp>),
    /// `length(a)` (Oat v2).
    Length(Box<Exp>),
    /// `new S { f1 = e1; ..; fn = en }` (Oat v2), fields in written order.
    CStruct(String, Vec<(String, Exp)>),
    /// `e.f` (Oat v2).
    Proj(Box<Exp>, String),
    /// `f(e1, .., en)`.
    Call(Box<Exp>, Vec<Exp>),
    /// `e1 op e2`.
    Bop(Binop, Box<Exp>, Box<Exp>),
    /// `op e`.
    Uop(Unop, Box<Exp>),
}

/// A list of statements.
pub type Block = Vec<Stmt>;

/// A statement.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Stmt {
    /// `lhs = e;` (lhs: a variable, `a[i]` or `s.f`).
    Assn(Exp, Exp),
    /// `var x = e;`.
    Decl(String, Exp),
    /// `return;` / `return e;`.
    Ret(Option<Exp>),
    /// `f(e1, .., en);`.
    SCall(Exp, Vec<Exp>),
    /// `if (e) { .. } else { .. }` (an empty else is omitted).
    If(Exp, Block, Block),
    /// `if? (R x = e) { .. } else { .. }` (Oat v2).
    Cast(RefTy, String, Exp, Block, Block),
    /// `for (var x = e, ..; cond; step;) { .. }`.
    For(Vec<(String, Exp)>, Option<Exp>, Option<Box<Stmt>>, Block),
    /// `while (e) { .. }`.
    While(Exp, Block),
}

/// A struct field declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    /// The field's name.
    pub name: String,
    /// The field's type.
    pub ty: Ty,
}

/// A function declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fdecl {
    /// Its return type.
    pub ret: RetTy,
    /// Its name.
    pub name: String,
    /// Its parameters.
    pub args: Vec<(Ty, String)>,
    /// Its body.
    pub body: Block,
}

/// A top-level declaration.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Decl {
    /// `global x = e;` (e: a constant, a literal array or struct of
    /// constants, or a function's name).
    Global(String, Exp),
    /// A function.
    Fun(Fdecl),
    /// `struct S { T1 f1; ..; Tn fn }` (Oat v2).
    Struct(String, Vec<Field>),
}

/// A program: its declarations in order. It runs by calling
/// `int program(int argc, string[] argv)`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Program {
    /// The declarations.
    pub decls: Vec<Decl>,
}

impl Ty {
    /// `int[]`-style array of `t`.
    pub fn array(t: Ty) -> Ty {
        Ty::Ref(RefTy::Array(Box::new(t)))
    }

    /// `string`.
    pub fn string() -> Ty {
        Ty::Ref(RefTy::String)
    }
}

/// A boxed expression (shorthand for building trees).
pub fn bx(e: Exp) -> Box<Exp> {
    Box::new(e)
}
