//! HexGui-compatible SGF (written by the hex rules helper).
