//! The emulated Z80 machine on iz80: memory, images and symbols, routine calls with exact T-states.
