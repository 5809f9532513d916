//! The profiler: per-routine T-states, instruction mix and BOARDA access heatmaps.
