//! Which words a source is written in, and the options of a run.

/// The words of a source: Zilog's mnemonics (the default, as pasmo reads them) or TDL's
/// 8080-style ones (the 1978 listing's). A file is read in one dialect from its first line to
/// its last: the words the two share with different meanings (`JP`, `CPI`, `CP`, `RST 7`, `M`,
/// `RLC`, `RRC`) are never guessed line by line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Dialect {
    /// Zilog mnemonics: `LD A,(HL)`, `JP NZ,LOOP`, `ORG`, `DB`, `MACRO` ... `ENDM`.
    #[default]
    Zilog,
    /// TDL's mnemonics and directives: `MOV A,M`, `JNZ LOOP`, `.LOC`, `.BYTE`, `.DEFINE`.
    Tdl,
}

impl Dialect {
    /// The dialect's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Zilog => "zilog",
            Dialect::Tdl => "tdl",
        }
    }
}

/// How a run assembles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    /// The words the sources are written in.
    pub dialect: Dialect,
    /// Whether a statement may write over bytes an earlier one wrote (the later bytes win and
    /// each overlap is a warning); by default an overlap is an error.
    pub allow_overlap: bool,
}
