//! Reserved words: mnemonics, directives, registers, conditions and operator words.
//! They are matched without regard to case and cannot be used as labels.

/// A Z80 mnemonic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mnemonic {
    Adc,
    Add,
    And,
    Bit,
    Call,
    Ccf,
    Cp,
    Cpd,
    Cpdr,
    Cpi,
    Cpir,
    Cpl,
    Daa,
    Dec,
    Di,
    Djnz,
    Ei,
    Ex,
    Exx,
    Halt,
    Im,
    In,
    Inc,
    Ind,
    Indr,
    Ini,
    Inir,
    Jp,
    Jr,
    Ld,
    Ldd,
    Lddr,
    Ldi,
    Ldir,
    Neg,
    Nop,
    Or,
    Otdr,
    Otir,
    Out,
    Outd,
    Outi,
    Pop,
    Push,
    Res,
    Ret,
    Reti,
    Retn,
    Rl,
    Rla,
    Rlc,
    Rlca,
    Rld,
    Rr,
    Rra,
    Rrc,
    Rrca,
    Rrd,
    Rst,
    Sbc,
    Scf,
    Set,
    Sla,
    Sll,
    Sra,
    Srl,
    Sub,
    Xor,
}

const MNEMONICS: &[(&str, Mnemonic)] = &[
    ("ADC", Mnemonic::Adc),
    ("ADD", Mnemonic::Add),
    ("AND", Mnemonic::And),
    ("BIT", Mnemonic::Bit),
    ("CALL", Mnemonic::Call),
    ("CCF", Mnemonic::Ccf),
    ("CP", Mnemonic::Cp),
    ("CPD", Mnemonic::Cpd),
    ("CPDR", Mnemonic::Cpdr),
    ("CPI", Mnemonic::Cpi),
    ("CPIR", Mnemonic::Cpir),
    ("CPL", Mnemonic::Cpl),
    ("DAA", Mnemonic::Daa),
    ("DEC", Mnemonic::Dec),
    ("DI", Mnemonic::Di),
    ("DJNZ", Mnemonic::Djnz),
    ("EI", Mnemonic::Ei),
    ("EX", Mnemonic::Ex),
    ("EXX", Mnemonic::Exx),
    ("HALT", Mnemonic::Halt),
    ("IM", Mnemonic::Im),
    ("IN", Mnemonic::In),
    ("INC", Mnemonic::Inc),
    ("IND", Mnemonic::Ind),
    ("INDR", Mnemonic::Indr),
    ("INI", Mnemonic::Ini),
    ("INIR", Mnemonic::Inir),
    ("JP", Mnemonic::Jp),
    ("JR", Mnemonic::Jr),
    ("LD", Mnemonic::Ld),
    ("LDD", Mnemonic::Ldd),
    ("LDDR", Mnemonic::Lddr),
    ("LDI", Mnemonic::Ldi),
    ("LDIR", Mnemonic::Ldir),
    ("NEG", Mnemonic::Neg),
    ("NOP", Mnemonic::Nop),
    ("OR", Mnemonic::Or),
    ("OTDR", Mnemonic::Otdr),
    ("OTIR", Mnemonic::Otir),
    ("OUT", Mnemonic::Out),
    ("OUTD", Mnemonic::Outd),
    ("OUTI", Mnemonic::Outi),
    ("POP", Mnemonic::Pop),
    ("PUSH", Mnemonic::Push),
    ("RES", Mnemonic::Res),
    ("RET", Mnemonic::Ret),
    ("RETI", Mnemonic::Reti),
    ("RETN", Mnemonic::Retn),
    ("RL", Mnemonic::Rl),
    ("RLA", Mnemonic::Rla),
    ("RLC", Mnemonic::Rlc),
    ("RLCA", Mnemonic::Rlca),
    ("RLD", Mnemonic::Rld),
    ("RR", Mnemonic::Rr),
    ("RRA", Mnemonic::Rra),
    ("RRC", Mnemonic::Rrc),
    ("RRCA", Mnemonic::Rrca),
    ("RRD", Mnemonic::Rrd),
    ("RST", Mnemonic::Rst),
    ("SBC", Mnemonic::Sbc),
    ("SCF", Mnemonic::Scf),
    ("SET", Mnemonic::Set),
    ("SLA", Mnemonic::Sla),
    ("SLL", Mnemonic::Sll),
    ("SRA", Mnemonic::Sra),
    ("SRL", Mnemonic::Srl),
    ("SUB", Mnemonic::Sub),
    ("XOR", Mnemonic::Xor),
];

impl Mnemonic {
    /// The mnemonic named `word` (any case).
    pub fn parse(word: &str) -> Option<Mnemonic> {
        MNEMONICS
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(word))
            .map(|&(_, m)| m)
    }

    /// The upper-case name, for messages.
    pub fn name(self) -> &'static str {
        MNEMONICS
            .iter()
            .find(|&&(_, m)| m == self)
            .map_or("?", |&(name, _)| name)
    }
}

/// An assembler directive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Directive {
    Org,
    Equ,
    Defl,
    Db,
    Dw,
    Ds,
    End,
    Include,
    Incbin,
    If,
    Else,
    Endif,
    Macro,
    Endm,
}

const DIRECTIVES: &[(&str, Directive)] = &[
    ("ORG", Directive::Org),
    ("EQU", Directive::Equ),
    ("DEFL", Directive::Defl),
    ("DB", Directive::Db),
    ("DEFB", Directive::Db),
    ("DEFM", Directive::Db),
    ("DW", Directive::Dw),
    ("DEFW", Directive::Dw),
    ("DS", Directive::Ds),
    ("DEFS", Directive::Ds),
    ("END", Directive::End),
    ("INCLUDE", Directive::Include),
    ("INCBIN", Directive::Incbin),
    ("IF", Directive::If),
    ("ELSE", Directive::Else),
    ("ENDIF", Directive::Endif),
    ("MACRO", Directive::Macro),
    ("ENDM", Directive::Endm),
];

impl Directive {
    /// The directive named `word` (any case).
    pub fn parse(word: &str) -> Option<Directive> {
        DIRECTIVES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(word))
            .map(|&(_, d)| d)
    }
}

/// A register or condition name as it appears in an operand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Reg {
    A,
    B,
    C,
    D,
    E,
    H,
    L,
    I,
    R,
    Ixh,
    Ixl,
    Iyh,
    Iyl,
    Af,
    AfAlt,
    Bc,
    De,
    Hl,
    Sp,
    Ix,
    Iy,
    Nz,
    Z,
    Nc,
    Po,
    Pe,
    P,
    M,
}

const REGISTERS: &[(&str, Reg)] = &[
    ("A", Reg::A),
    ("B", Reg::B),
    ("C", Reg::C),
    ("D", Reg::D),
    ("E", Reg::E),
    ("H", Reg::H),
    ("L", Reg::L),
    ("I", Reg::I),
    ("R", Reg::R),
    ("IXH", Reg::Ixh),
    ("IXL", Reg::Ixl),
    ("IYH", Reg::Iyh),
    ("IYL", Reg::Iyl),
    ("AF", Reg::Af),
    ("AF'", Reg::AfAlt),
    ("BC", Reg::Bc),
    ("DE", Reg::De),
    ("HL", Reg::Hl),
    ("SP", Reg::Sp),
    ("IX", Reg::Ix),
    ("IY", Reg::Iy),
    ("NZ", Reg::Nz),
    ("Z", Reg::Z),
    ("NC", Reg::Nc),
    ("PO", Reg::Po),
    ("PE", Reg::Pe),
    ("P", Reg::P),
    ("M", Reg::M),
];

/// The register or condition named `word` (any case).
pub(crate) fn register(word: &str) -> Option<Reg> {
    REGISTERS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
        .map(|&(_, r)| r)
}

impl Reg {
    /// The upper-case name, for messages.
    pub fn name(self) -> &'static str {
        REGISTERS
            .iter()
            .find(|&&(_, r)| r == self)
            .map_or("?", |&(name, _)| name)
    }
}

/// Operator words usable inside expressions.
const OPERATOR_WORDS: &[&str] = &[
    "MOD", "SHL", "SHR", "AND", "OR", "XOR", "NOT", "HIGH", "LOW", "EQ", "NE", "LT", "LE", "GT",
    "GE",
];

/// Whether `word` is an operator word (MOD, SHL, ..., HIGH, LOW) in any case.
pub(crate) fn is_operator_word(word: &str) -> bool {
    OPERATOR_WORDS.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Whether `word` is reserved: a mnemonic, directive, register, condition or operator word.
pub(crate) fn is_keyword(word: &str) -> bool {
    Mnemonic::parse(word).is_some()
        || Directive::parse(word).is_some()
        || register(word).is_some()
        || is_operator_word(word)
}

/// TDL's register names: the 8-bit registers, `M` for (HL), the pairs named by their first
/// register (`B`, `D`, `H`, `SP`), `PSW` for AF and `X`, `Y` for IX, IY.
pub(crate) const TDL_REGISTERS: &[&str] = &[
    "A", "B", "C", "D", "E", "H", "L", "M", "SP", "PSW", "X", "Y",
];

/// TDL's directives.
pub(crate) const TDL_DIRECTIVES: &[&str] = &[
    ".LOC", ".BLKB", ".BLKW", ".BYTE", ".WORD", ".ASCII", ".RADIX", ".DEFINE", ".END",
];

/// TDL's spelling of the Zilog directive `zilog` (`ORG` is `.LOC`, `END` is `.END`); a
/// directive TDL has no word for keeps its Zilog name.
pub(crate) fn tdl_directive(zilog: &'static str) -> &'static str {
    match zilog {
        "ORG" => ".LOC",
        "DS" => ".BLKB",
        "DB" => ".BYTE",
        "DW" => ".WORD",
        "END" => ".END",
        other => other,
    }
}

/// The TDL register named `word` (any case), upper-cased.
pub(crate) fn tdl_register(word: &str) -> Option<&'static str> {
    TDL_REGISTERS
        .iter()
        .find(|r| r.eq_ignore_ascii_case(word))
        .copied()
}

/// The TDL mnemonics, upper-cased: the first word of each form.
fn tdl_mnemonics() -> &'static std::collections::HashSet<&'static str> {
    static SET: std::sync::OnceLock<std::collections::HashSet<&'static str>> =
        std::sync::OnceLock::new();
    SET.get_or_init(|| {
        super::tdl_forms::FORMS
            .iter()
            .map(|(tdl, _)| tdl.split(' ').next().unwrap_or(tdl))
            .collect()
    })
}

/// Whether `word` is a TDL mnemonic (any case).
pub(crate) fn is_tdl_mnemonic(word: &str) -> bool {
    tdl_mnemonics().contains(word.to_ascii_uppercase().as_str())
}

/// Whether `word` is reserved in TDL: a mnemonic, a directive or a register.
pub(crate) fn is_tdl_keyword(word: &str) -> bool {
    is_tdl_mnemonic(word)
        || tdl_register(word).is_some()
        || TDL_DIRECTIVES.iter().any(|d| d.eq_ignore_ascii_case(word))
}

/// Whether `word` only TDL knows: a TDL directive, or a TDL mnemonic that is no Zilog word
/// (`MVI`, `LXI`, `.LOC`; not `JP`, `CPI` or `RET`, which Zilog sources use too).
pub(crate) fn is_tdl_only(word: &str) -> bool {
    (is_tdl_mnemonic(word) || TDL_DIRECTIVES.iter().any(|d| d.eq_ignore_ascii_case(word)))
        && !is_keyword(word)
}
