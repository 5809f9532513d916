//! FNDMOV as a workload of the emulation speed: one whole search from the memory the search
//! driver prepares, on the machine (tracing off or on, or its untraced loop) and on bare iz80.
//! A search changes memory (lists, PLYMAX, the ply table), so every call starts from a fresh
//! copy of the prepared memory, made outside the timed part.

use std::time::Instant;

use crate::abi::search::{SearchDriveError, SearchDriver, SearchRequest};
use crate::machine::{Cost, Image, Machine};

use super::BenchError;
use super::bare::BareIz80;
use super::stats::Timed;

/// One search, callable again and again from the same prepared memory.
pub struct SearchWorkload {
    driver: SearchDriver,
    request: SearchRequest,
    bare: BareIz80,
    prepared: Box<[u8]>,
    cost: Cost,
}

impl SearchWorkload {
    /// FNDMOV of `image` on `request`, checked to run the same instructions on bare iz80.
    pub fn new(image: &Image, request: &SearchRequest) -> Result<SearchWorkload, BenchError> {
        let driver = SearchDriver::new(image)?;
        let machine = driver.prepare(request);
        let prepared = machine.memory().into();
        let bare = BareIz80::from_machine(&machine);
        let mut workload = SearchWorkload {
            driver,
            request: *request,
            bare,
            prepared,
            cost: Cost::default(),
        };
        let (first, _) = workload.machine_call(false);
        let first = first?;
        let (bare_instructions, _) = workload.bare_call();
        if bare_instructions != first.instructions {
            return Err(BenchError::Unrepeatable {
                first,
                again: Cost {
                    instructions: bare_instructions,
                    ..first
                },
            });
        }
        workload.cost = first;
        Ok(workload)
    }

    /// What every call costs.
    pub fn cost(&self) -> Cost {
        self.cost
    }

    fn fresh(&self, tracing: bool) -> (Machine, u16) {
        let mut machine = self.driver.prepare(&self.request);
        machine.set_tracing(tracing);
        (machine, self.driver.symbols().fndmov)
    }

    fn machine_call(&self, tracing: bool) -> (Result<Cost, BenchError>, f64) {
        let (mut machine, fndmov) = self.fresh(tracing);
        let started = Instant::now();
        let cost = machine.call(fndmov);
        let seconds = started.elapsed().as_secs_f64();
        (
            cost.map_err(|e| SearchDriveError::Machine(e).into()),
            seconds,
        )
    }

    /// One timed search on the machine, its tracing on or off.
    pub fn call(&self, tracing: bool) -> Timed {
        let (cost, seconds) = self.machine_call(tracing);
        cost.expect("FNDMOV returned from this very memory when the workload was made");
        Timed { work: 1, seconds }
    }

    /// One timed search on the machine's untraced step loop ([`Machine::call_untraced`]).
    pub fn call_untraced(&self) -> Timed {
        let (mut machine, fndmov) = self.fresh(false);
        let started = Instant::now();
        let cost = machine.call_untraced(fndmov);
        let seconds = started.elapsed().as_secs_f64();
        cost.expect("FNDMOV returned from this very memory when the workload was made");
        Timed { work: 1, seconds }
    }

    fn bare_call(&mut self) -> (u64, f64) {
        self.bare.write_bytes(0, &self.prepared);
        let fndmov = self.driver.symbols().fndmov;
        let started = Instant::now();
        let instructions = self.bare.call(fndmov);
        (instructions, started.elapsed().as_secs_f64())
    }

    /// One timed search on bare iz80.
    pub fn call_bare(&mut self) -> Timed {
        let (_, seconds) = self.bare_call();
        Timed { work: 1, seconds }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::search_cost::START_1978;
    use crate::machine::default_image;

    #[test]
    fn a_search_repeats_at_the_same_cost_on_every_engine() {
        let mut workload = SearchWorkload::new(&default_image(), &START_1978[1].request()).unwrap();
        assert_eq!(workload.cost().tstates, 4_843_893);
        let (again, _) = workload.machine_call(true);
        assert_eq!(again.unwrap(), workload.cost());
        assert_eq!(workload.bare_call().0, workload.cost().instructions);
        assert_eq!(workload.call_untraced().work, 1);
    }
}
