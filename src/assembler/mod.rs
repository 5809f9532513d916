//! The Z80 assembler: Zilog mnemonics, pasmo-compatible output (binary, symbols, listing).
