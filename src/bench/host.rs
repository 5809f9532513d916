//! The host the figures were measured on: CPU model, cores, load, build.

use serde::Serialize;

/// What a reader needs to judge the figures: the machine, how busy it was, and the build.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Host {
    /// The CPU's model name (`/proc/cpuinfo`), "unknown" elsewhere.
    pub cpu: String,
    /// Logical CPUs listed in `/proc/cpuinfo` (0 when unreadable).
    pub logical_cpus: usize,
    /// The threads the process may run at once (what the cross-check uses by default).
    pub available_parallelism: usize,
    /// The 1, 5 and 15 minute load averages (`/proc/loadavg`) when the host was described.
    pub load_average: Option<[f64; 3]>,
    /// Operating system and architecture.
    pub platform: String,
    /// "release" or "debug" (debug figures are not representative).
    pub build: &'static str,
}

impl Host {
    /// Describes the host now.
    pub fn describe() -> Host {
        let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
        let (cpu, logical_cpus) = parse_cpuinfo(&cpuinfo);
        Host {
            cpu: cpu.unwrap_or_else(|| "unknown".to_string()),
            logical_cpus,
            available_parallelism: std::thread::available_parallelism().map_or(1, |n| n.get()),
            load_average: load_average(),
            platform: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            build: if cfg!(debug_assertions) {
                "debug"
            } else {
                "release"
            },
        }
    }
}

/// The load averages now, when the host publishes them.
pub fn load_average() -> Option<[f64; 3]> {
    parse_loadavg(&std::fs::read_to_string("/proc/loadavg").ok()?)
}

/// The first `model name` (or ARM's `Hardware`/`Processor`) and the number of `processor` lines.
fn parse_cpuinfo(text: &str) -> (Option<String>, usize) {
    let mut model = None;
    let mut processors = 0;
    for line in text.lines() {
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let (key, value) = (key.trim(), value.trim());
        if key == "processor" {
            processors += 1;
        }
        let named = matches!(key, "model name" | "Hardware" | "Processor" | "cpu model");
        if named && model.is_none() && !value.is_empty() && value.parse::<u32>().is_err() {
            model = Some(value.to_string());
        }
    }
    (model, processors)
}

fn parse_loadavg(text: &str) -> Option<[f64; 3]> {
    let mut fields = text.split_whitespace().map(str::parse::<f64>);
    Some([
        fields.next()?.ok()?,
        fields.next()?.ok()?,
        fields.next()?.ok()?,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpuinfo_model_and_processors() {
        let text = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC\n\n\
                    processor\t: 1\nmodel name\t: AMD EPYC\n";
        assert_eq!(parse_cpuinfo(text), (Some("AMD EPYC".to_string()), 2));
        assert_eq!(parse_cpuinfo(""), (None, 0));
        let arm = "processor\t: 0\nProcessor\t: AArch64 Processor rev 4\n";
        assert_eq!(
            parse_cpuinfo(arm).0.as_deref(),
            Some("AArch64 Processor rev 4")
        );
    }

    #[test]
    fn loadavg_fields() {
        assert_eq!(
            parse_loadavg("0.52 1.10 2.00 1/234 5678\n"),
            Some([0.52, 1.10, 2.00])
        );
        assert_eq!(parse_loadavg("garbage"), None);
    }
}
