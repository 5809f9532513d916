//! The profiler: per-routine T-states, instruction mix and BOARDA access heatmaps.

pub mod collector;
pub mod heatmap;
pub mod mix;
pub mod svg;
