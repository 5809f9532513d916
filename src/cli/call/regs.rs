//! `--reg NAME=VALUE`: registers set before the first routine is called.

use anyhow::{Context, bail};
use sargon_z80::files::excerpt;
use sargon_z80::machine::{Registers, parse_u16};

/// The registers `--reg` may set (SP and PC belong to the call itself: see `--stack`), WZ
/// (MEMPTR) and Q included.
pub const NAMES: &str = "A F B C D E H L I R AF BC DE HL IX IY AF' BC' DE' HL' WZ Q";

/// Applies one `NAME=VALUE` to `regs`.
pub fn apply(regs: &mut Registers, text: &str) -> anyhow::Result<()> {
    let quoted = excerpt(text);
    let Some((name, value)) = text.split_once('=') else {
        bail!("--reg {quoted}: expected NAME=VALUE, e.g. HL=0x1234");
    };
    let value = parse_u16(value).with_context(|| format!("--reg {quoted}"))?;
    let name = name.trim().to_ascii_uppercase();
    let [high, low] = value.to_be_bytes();
    let pair = |h: &mut u8, l: &mut u8| {
        *h = high;
        *l = low;
    };
    match name.as_str() {
        "AF" => pair(&mut regs.a, &mut regs.f),
        "BC" => pair(&mut regs.b, &mut regs.c),
        "DE" => pair(&mut regs.d, &mut regs.e),
        "HL" => pair(&mut regs.h, &mut regs.l),
        "AF'" => pair(&mut regs.a_alt, &mut regs.f_alt),
        "BC'" => pair(&mut regs.b_alt, &mut regs.c_alt),
        "DE'" => pair(&mut regs.d_alt, &mut regs.e_alt),
        "HL'" => pair(&mut regs.h_alt, &mut regs.l_alt),
        "IX" => regs.ix = value,
        "IY" => regs.iy = value,
        "WZ" => regs.wz = value,
        "SP" | "PC" => bail!("--reg {quoted}: SP and PC are set by the call (use --stack)"),
        _ => *byte_register(regs, &name, text)? = byte(value, text)?,
    }
    Ok(())
}

fn byte_register<'r>(
    regs: &'r mut Registers,
    name: &str,
    text: &str,
) -> anyhow::Result<&'r mut u8> {
    let quoted = excerpt(text);
    Ok(match name {
        "A" => &mut regs.a,
        "F" => &mut regs.f,
        "B" => &mut regs.b,
        "C" => &mut regs.c,
        "D" => &mut regs.d,
        "E" => &mut regs.e,
        "H" => &mut regs.h,
        "L" => &mut regs.l,
        "I" => &mut regs.i,
        "R" => &mut regs.r,
        "Q" => &mut regs.q,
        _ => bail!("--reg {quoted}: unknown register (one of {NAMES})"),
    })
}

fn byte(value: u16, text: &str) -> anyhow::Result<u8> {
    let quoted = excerpt(text);
    u8::try_from(value)
        .map_err(|_| anyhow::anyhow!("--reg {quoted}: {value} does not fit in a byte"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_bytes_and_errors() {
        let mut regs = Registers::default();
        for text in [
            "HL=0x1234",
            "a=7",
            "BC'=$BEEF",
            "IX=40000",
            "r=0x80",
            "wz=0x2800",
            "Q=0x28",
        ] {
            apply(&mut regs, text).unwrap();
        }
        assert_eq!(
            (regs.h, regs.l, regs.a, regs.ix, regs.r, regs.wz, regs.q),
            (0x12, 0x34, 7, 40000, 0x80, 0x2800, 0x28)
        );
        assert_eq!((regs.b_alt, regs.c_alt), (0xBE, 0xEF));
        let err = |t: &str| apply(&mut Registers::default(), t).unwrap_err().to_string();
        assert_eq!(err("A=256"), "--reg \"A=256\": 256 does not fit in a byte");
        assert!(err("SP=1").contains("use --stack"));
        assert!(err("P=1").contains("unknown register"));
        assert_eq!(err("Q=256"), "--reg \"Q=256\": 256 does not fit in a byte");
        assert!(err("HL").contains("expected NAME=VALUE"));
    }
}
