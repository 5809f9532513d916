//! The engine's thread: searches run there so the screen stays responsive, and a search is
//! cancelled through its own stop flag (the game room's [`Control`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, TryRecvError, channel};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::game::{Control, Failure, Fitted, Request, Searcher, search_fitting};

/// One search for the thread.
struct Job {
    id: u64,
    request: Request,
    stop: Arc<AtomicBool>,
}

/// A search that ended, with the number [`Worker::start`] gave it.
#[derive(Debug)]
pub struct Finished {
    /// The search's number.
    pub id: u64,
    /// Its answer (from a lower level when the level's move lists do not fit), or why there
    /// is none.
    pub result: Result<Fitted, Failure>,
}

/// The search thread and the one search it may be running.
pub struct Worker {
    jobs: Option<Sender<Job>>,
    finished: Receiver<Finished>,
    thread: Option<JoinHandle<()>>,
    /// The running search: its number and stop flag.
    current: Option<(u64, Arc<AtomicBool>)>,
    next_id: u64,
}

impl Worker {
    /// Starts the thread that owns `searcher`.
    pub fn spawn(mut searcher: Box<dyn Searcher>) -> Worker {
        let (jobs, inbox) = channel::<Job>();
        let (outbox, finished) = channel();
        let thread = std::thread::spawn(move || {
            for job in inbox {
                let control = Control::new(&job.stop);
                let result = search_fitting(searcher.as_mut(), &job.request, &control);
                if outbox.send(Finished { id: job.id, result }).is_err() {
                    break;
                }
            }
        });
        Worker {
            jobs: Some(jobs),
            finished,
            thread: Some(thread),
            current: None,
            next_id: 1,
        }
    }

    /// Starts a search (cancelling one that runs); returns its number.
    pub fn start(&mut self, request: Request) -> u64 {
        self.cancel();
        let id = self.next_id;
        self.next_id += 1;
        let stop = Arc::new(AtomicBool::new(false));
        let job = Job {
            id,
            request,
            stop: Arc::clone(&stop),
        };
        if let Some(jobs) = &self.jobs {
            // A thread that has gone is reported by `poll` as a failure of this search.
            let _ = jobs.send(job);
        }
        self.current = Some((id, stop));
        id
    }

    /// Asks the running search to stop; its answer will be dropped.
    pub fn cancel(&mut self) {
        if let Some((_, stop)) = self.current.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    /// True while a search runs that has not been cancelled.
    pub fn is_busy(&self) -> bool {
        self.current.is_some()
    }

    /// The running search's result, once it is there.
    pub fn poll(&mut self) -> Option<Finished> {
        loop {
            let received = match self.finished.try_recv() {
                Ok(finished) => Ok(finished),
                Err(TryRecvError::Empty) => return None,
                Err(TryRecvError::Disconnected) => Err(()),
            };
            if let Some(finished) = self.accept(received) {
                return Some(finished);
            }
            self.current.as_ref()?;
        }
    }

    /// Waits up to `timeout` for the running search's result.
    pub fn wait(&mut self, timeout: Duration) -> Option<Finished> {
        let until = std::time::Instant::now() + timeout;
        while self.current.is_some() {
            let left = until.saturating_duration_since(std::time::Instant::now());
            let received = match self.finished.recv_timeout(left) {
                Ok(finished) => Ok(finished),
                Err(RecvTimeoutError::Timeout) => return None,
                Err(RecvTimeoutError::Disconnected) => Err(()),
            };
            if let Some(finished) = self.accept(received) {
                return Some(finished);
            }
        }
        None
    }

    /// The result of the running search; a stale one (cancelled) is dropped. A thread that
    /// has ended fails the running search.
    fn accept(&mut self, received: Result<Finished, ()>) -> Option<Finished> {
        let (id, _) = self.current.as_ref()?;
        let id = *id;
        match received {
            Ok(finished) if finished.id == id => {
                self.current = None;
                Some(finished)
            }
            Ok(_) => None,
            Err(()) => {
                self.current = None;
                Some(Finished {
                    id,
                    result: Err(Failure::Engine("the engine's thread has ended".to_string())),
                })
            }
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.cancel();
        // Closing the channel ends the thread's loop once the cancelled search returns.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Game, NativeSearcher};

    fn request(plymax: u8) -> Request {
        let game = Game::from_fen(crate::engine::setup::START_FEN).unwrap();
        Request {
            setup: *game.setup(),
            plymax,
            r_register: 0,
        }
    }

    #[test]
    fn a_search_answers_and_a_cancelled_one_is_dropped() {
        let mut worker = Worker::spawn(Box::new(NativeSearcher::new()));
        let first = worker.start(request(6));
        assert!(worker.is_busy());
        let second = worker.start(request(2));
        assert_ne!(first, second);
        let finished = worker.wait(Duration::from_secs(60)).unwrap();
        assert_eq!(finished.id, second);
        let answer = finished.result.unwrap().answer;
        assert_eq!(
            (answer.best.uci(), answer.evaluations),
            ("b1c3".to_string(), 118)
        );
        assert!(!worker.is_busy());
        assert!(worker.poll().is_none());
    }

    #[test]
    fn cancel_leaves_nothing_to_poll() {
        let mut worker = Worker::spawn(Box::new(NativeSearcher::new()));
        worker.start(request(9));
        worker.cancel();
        assert!(!worker.is_busy());
        assert!(worker.wait(Duration::from_millis(50)).is_none());
        assert!(worker.poll().is_none());
        drop(worker);
    }
}
