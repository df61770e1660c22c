// The line target's `afterLayout` (Fuzz/run.sh compiles it with LineFuzz.swift when
// MUSH_FUZZ_TARGET=line): the layout's checks are all there is. The render target takes
// Fuzz/RenderFuzz.swift's instead, which draws the row.

import MushLine

/// The line target checks every row property (LineFuzz.swift's 1–11).
let checksRows = true

func afterLayout(_ line: MGLine, _ layout: MGLineLayout, choices: UInt16) {}
