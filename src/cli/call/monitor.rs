//! The hint for a routine that calls the Jupiter III's Jove monitor (`RST 38H`): it belongs
//! to a whole program, which `call` cannot run (the monitor is not there, so the call runs
//! into whatever bytes lie at 0038H) and `jupiter` can.

use sargon_z80::machine::{Image, Observer};
use sargon_z80::text::shell_command;

use super::{CallArgs, prepare};

/// `RST 38H`, the monitor call of the Jupiter III.
const RST_38H: u8 = 0xFF;

/// Notes the first monitor call of a run.
#[derive(Default)]
struct FirstMonitorCall(Option<u16>);

impl Observer for FirstMonitorCall {
    fn on_instruction(&mut self, pc: u16, bytes: &[u8], _tstates: u32) {
        if self.0.is_none() && bytes == [RST_38H] {
            self.0 = Some(pc);
        }
    }
}

/// `err`, the failure of the call of `routine` at `address` after the calls at `before`, with
/// a hint when the routine called the monitor on its way there: the same calls are run
/// again on a fresh machine, watched (a failed call is short, its budget bounds it).
pub(super) fn monitor_hint(
    args: &CallArgs,
    image: &Image,
    before: &[u16],
    (routine, address): (&str, u16),
    err: anyhow::Error,
) -> anyhow::Error {
    let Ok(mut machine) = prepare(args, image) else {
        return err;
    };
    for &earlier in before {
        if machine.call(earlier).is_err() {
            return err;
        }
    }
    let mut watch = FirstMonitorCall::default();
    let _ = machine.call_observed(address, &mut watch);
    let Some(at) = watch.0 else {
        return err;
    };
    let mut words = vec!["sargon-z80".to_string(), "jupiter".to_string()];
    words.extend(args.image.replay_words());
    if routine != "DRIVER" {
        words.extend(["--entry".to_string(), routine.to_string()]);
    }
    anyhow::anyhow!(
        "{err:#}; hint: {} calls the Jove monitor (RST 38H at {at:#06X}): it is part of a whole \
         program for the Jupiter III, which `call` cannot run; run the program on the machine \
         with `{}`",
        sargon_z80::files::clip(routine),
        shell_command(&words)
    )
}
