//! The routines' section of the table: each measure of ABI section 9 with the 1978 figure and
//! every image's figure beside it.

use std::fmt::Write;

use serde::Serialize;

use crate::text::{TextTable, figure, ratio};

use super::routines::{BASELINE_1978, BASELINE_PERFT_DEPTH, RoutineCosts};

/// One image's figure for a routine measure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineValue {
    /// The figure (T-states, or bytes for the size), None when the image could not be measured.
    pub value: Option<f64>,
    /// The figure over the 1978 baseline's.
    pub vs_1978: Option<f64>,
    /// Why there is no figure.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A routine measure: the 1978 baseline and each image's figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineRow {
    /// What is measured.
    pub measure: String,
    /// ABI section 9's figure.
    pub baseline_1978: Option<f64>,
    /// One per image, in the order of [`RoutineSection::images`].
    pub values: Vec<RoutineValue>,
}

/// Exact T-states of the board routines.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RoutineSection {
    /// The images measured.
    pub images: Vec<String>,
    /// The measures.
    pub rows: Vec<RoutineRow>,
}

/// A measure's figure out of an image's costs; None when the image lacks what it needs.
type Pick = fn(&RoutineCosts) -> Option<f64>;

/// The measures in table order: label, the 1978 figure (only at section 9's depth), the pick.
fn measures(depth: u32) -> Vec<(String, Option<f64>, Pick)> {
    let b = BASELINE_1978;
    let at_depth = |x: f64| (depth == BASELINE_PERFT_DEPTH).then_some(x);
    vec![
        (
            "GENMOV, start position (20 moves)".to_string(),
            Some(b.genmov_start as f64),
            |c| Some(c.genmov_start.tstates as f64),
        ),
        (
            "GENMOV, Kiwipete (48 moves)".to_string(),
            Some(b.genmov_kiwipete as f64),
            |c| Some(c.genmov_kiwipete.tstates as f64),
        ),
        (
            format!("INCHK mean over perft({depth}) from the start"),
            at_depth(b.inchk_mean),
            |c| Some(round1(c.inchk_mean)),
        ),
        (
            format!("MOVE mean over perft({depth})"),
            at_depth(b.move_mean),
            |c| Some(round1(c.move_mean)),
        ),
        (
            format!("UNMOVE mean over perft({depth})"),
            at_depth(b.unmove_mean),
            |c| Some(round1(c.unmove_mean)),
        ),
        (
            format!("perft({depth}) from the start, all calls"),
            at_depth(b.perft4_start as f64),
            |c| Some(c.perft_tstates as f64),
        ),
        (
            format!("PERFT routine, perft({depth}), one call"),
            None,
            |c| c.perft_routine.map(|t| t as f64),
        ),
        ("code bytes (CODE_START..CODE_END)".to_string(), None, |c| {
            c.code_bytes.map(f64::from)
        }),
        ("image bytes".to_string(), None, |c| {
            Some(c.image_bytes as f64)
        }),
    ]
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

impl RoutineValue {
    /// The figure `pick` takes from one image's costs, beside `baseline`.
    fn of<E>(cost: &Result<RoutineCosts, E>, pick: Pick, baseline: Option<f64>) -> RoutineValue {
        let (value, error) = match cost {
            Ok(c) => match pick(c) {
                Some(value) => (Some(value), None),
                None => (None, Some("not in this image")),
            },
            Err(_) => (None, Some("failed (see notes)")),
        };
        RoutineValue {
            value,
            vs_1978: value.zip(baseline).map(|(value, base)| value / base),
            error: error.map(str::to_string),
        }
    }
}

impl RoutineSection {
    /// The section for `images` (names) and their `costs`, measured at perft `depth`.
    pub fn of<E>(images: &[String], costs: &[Result<RoutineCosts, E>], depth: u32) -> Self {
        let rows = measures(depth)
            .into_iter()
            .map(|(measure, baseline, pick)| RoutineRow {
                measure,
                baseline_1978: baseline,
                values: costs
                    .iter()
                    .map(|cost| RoutineValue::of(cost, pick, baseline))
                    .collect(),
            })
            .collect();
        RoutineSection {
            images: images.to_vec(),
            rows,
        }
    }

    /// The table: measure, 1978 code, then per image its figure and the ratio to 1978.
    pub(super) fn write_text(&self, s: &mut String) {
        let mut headings = vec!["measure".to_string(), "1978 code".to_string()];
        for image in &self.images {
            headings.push(image.clone());
            headings.push("vs 1978".to_string());
        }
        let headings: Vec<&str> = headings.iter().map(String::as_str).collect();
        let mut table = TextTable::new(&headings).right(&(1..headings.len()).collect::<Vec<_>>());
        for row in &self.rows {
            let mut cells = vec![
                row.measure.clone(),
                row.baseline_1978.map_or("—".to_string(), figure),
            ];
            for v in &row.values {
                match (v.value, &v.error) {
                    (Some(value), _) => {
                        cells.push(figure(value));
                        cells.push(v.vs_1978.map_or("—".to_string(), ratio));
                    }
                    (None, error) => {
                        cells.push(error.clone().unwrap_or_else(|| "—".to_string()));
                        cells.push("—".to_string());
                    }
                }
            }
            table.row(cells);
        }
        let _ = write!(
            s,
            "\nZ80 routines: exact T-states beside the 1978 code (ABI section 9)\n{}",
            table.render()
        );
    }
}
