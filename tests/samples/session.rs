//! Where the samples run: a copy of the repository's layout in a temporary folder (the
//! sources, fixtures and docs linked, `roms/` copied so a sample may rebuild it, `../shared`
//! beside it), the built `sargon-z80` first on PATH, each console block in one bash.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The longest a console block may run.
const BLOCK_TIMEOUT: Duration = Duration::from_secs(600);

/// A folder laid out as the repository is, with `shared` beside it.
pub struct Workspace {
    _dir: tempfile::TempDir,
    /// The folder the samples run in (the repository's copy).
    pub repo: PathBuf,
}

impl Workspace {
    /// A fresh copy of the repository's layout at `root`, the shared material at `shared`.
    pub fn new(root: &Path, shared: &Path) -> Workspace {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join("repo");
        std::fs::create_dir(&repo).unwrap();
        let shared = shared
            .canonicalize()
            .unwrap_or_else(|e| panic!("the shared material at {}: {e}", shared.display()));
        std::os::unix::fs::symlink(shared, dir.path().join("shared")).unwrap();
        for entry in std::fs::read_dir(root).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_owned();
            match name.to_str() {
                Some("target" | ".git") => {}
                Some("roms") => {
                    std::fs::create_dir(repo.join("roms")).unwrap();
                    for file in std::fs::read_dir(&path).unwrap() {
                        let file = file.unwrap().path();
                        std::fs::copy(&file, repo.join("roms").join(file.file_name().unwrap()))
                            .unwrap();
                    }
                }
                _ => std::os::unix::fs::symlink(&path, repo.join(name)).unwrap(),
            }
        }
        Workspace { _dir: dir, repo }
    }
}

/// What one command of a block did.
#[derive(Debug, Clone, Default)]
pub struct Ran {
    /// Its standard output (and standard error where the command redirects it there).
    pub stdout: String,
    /// Its exit status.
    pub status: Option<i32>,
}

/// The whole run of a block: each command's part, and the standard error of them all.
#[derive(Debug, Clone, Default)]
pub struct BlockRun {
    /// One per command, in order (fewer when bash stopped early).
    pub steps: Vec<Ran>,
    /// Everything the commands wrote to standard error (not compared; shown on failure).
    pub stderr: String,
    /// The block ran out of time.
    pub timed_out: bool,
}

const MARK: char = '\u{1}';

/// Runs `commands` in order in one bash in `dir` (so `$?` and files carry over from one to
/// the next), standard input empty.
pub fn run_block(dir: &Path, commands: &[String]) -> BlockRun {
    let mut script = String::from("__status=0\n");
    for (i, command) in commands.iter().enumerate() {
        script.push_str(&format!("printf '\\001step {i}\\001'; (exit $__status)\n"));
        script.push_str(command);
        script.push_str("\n__status=$?; printf '\\001status %s\\001' \"$__status\"\n");
    }
    let binary = Path::new(env!("CARGO_BIN_EXE_sargon-z80"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("bash")
        .args(["--noprofile", "--norc", "-c", &script])
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("COLUMNS")
        .env_remove("SARGON_SHARED")
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("bash runs the samples");
    let reader = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let out = reader(Box::new(child.stdout.take().unwrap()));
    let err = reader(Box::new(child.stderr.take().unwrap()));
    let started = Instant::now();
    let mut timed_out = false;
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > BLOCK_TIMEOUT {
            // The whole group: bash and the command it is running.
            let group = i32::try_from(child.id()).expect("a process id");
            unsafe { libc::kill(-group, libc::SIGKILL) };
            timed_out = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.wait();
    BlockRun {
        steps: split(&out.join().unwrap()),
        stderr: err.join().unwrap(),
        timed_out,
    }
}

/// The output of each command, cut at the marks the script prints around it.
fn split(stdout: &str) -> Vec<Ran> {
    let mut steps = Vec::new();
    for part in stdout.split(MARK).collect::<Vec<_>>().chunks(4) {
        // [before, "step i", output, "status s"]
        if let [_, step, output, status] = part {
            if step.starts_with("step ") {
                steps.push(Ran {
                    stdout: output.to_string(),
                    status: status.strip_prefix("status ").and_then(|s| s.parse().ok()),
                });
            }
        } else if let [_, step, output] = part {
            if step.starts_with("step ") {
                steps.push(Ran {
                    stdout: output.to_string(),
                    status: None,
                });
            }
        }
    }
    steps
}
