//! The native 10x12 reference move generator following the Sargon ABI, plus standard rules.
