extension ParagraphLayout {
    /// Places the lines again, for `alignment` in `width` points, without breaking them again.
    ///
    /// This is the second pass of ``Paragraph/layout(width:)``, which breaks the lines and then
    /// places them by the style's alignment: with the width and alignment a layout was made with,
    /// this gives the same lines. Only each line's `x` changes, and, for `justify` or when leaving it,
    /// the width of the lines it stretches; breaks, truncation, heights and ``width`` stay as they
    /// are. nil places the lines in ``width`` (the widest line's width), as a layout made without a
    /// width is placed, and so does an infinite width or one that is not a number; a width below 0
    /// counts as 0.
    ///
    /// The pass keeps nothing of the alignment it replaces, so a layout can be aligned any number of
    /// times. In any width from the widest line's (``width``) to the one the layout was broken at,
    /// the lines break as they did (each fits, and nothing more fitted the larger width; but for a
    /// line shortened in the middle, ``ParagraphStyle/Ellipsize/middle``, which shares the width
    /// between its two ends): there re-aligning gives exactly what laying the paragraph out afresh
    /// at that width with that alignment gives. That is how `MushLine` places a multiline text in a
    /// frame narrower than the room it was broken in. In a narrower width the lines run past it, as
    /// they were broken.
    public mutating func align(_ alignment: ParagraphStyle.Alignment, width: Double? = nil) {
        guard let paragraph = lines.first?.paragraph else { return }
        paragraph.align(&lines, alignment, in: Paragraph.limit(width) ?? self.width)
    }

    /// The layout with its lines placed again for `alignment` in `width` points
    /// (``align(_:width:)``).
    public func aligned(_ alignment: ParagraphStyle.Alignment, width: Double? = nil) -> ParagraphLayout {
        var layout = self
        layout.align(alignment, width: width)
        return layout
    }
}

extension Paragraph {
    /// Places `lines`, which this paragraph broke, in `width` by `alignment`: `left`, `center` and
    /// `right` set each line's x; `justify` puts every line at 0 and stretches those that do not end
    /// their paragraph; `start` and `end` are `left` or `right` by the base direction of each line's
    /// hard-broken paragraph.
    func align(_ lines: inout [LineLayout], _ alignment: ParagraphStyle.Alignment, in width: Double) {
        // Stretched lines take back their own width: every alignment starts from the broken lines.
        for index in lines.indices where lines[index].spaceStretch != 0 {
            lines[index].width = self.width(of: lines[index].pieces)
            lines[index].spaceStretch = 0
        }
        switch alignment {
        case .justify:
            for index in lines.indices { lines[index].x = 0 }
            justify(&lines, in: width)
        case .left, .center, .right:
            let share = Self.share(alignment)
            for index in lines.indices { lines[index].x = (width - lines[index].width) * share }
        case .start, .end:
            // One direction for all the lines of a hard-broken paragraph, looked up once.
            var paragraph = 0..<0
            var rightToLeft = false
            for index in lines.indices {
                let start = lineStartUnit(lines[index])
                if !paragraph.contains(start) {
                    paragraph = hardParagraph(holding: start)
                    rightToLeft = isRightToLeft(hardParagraph: paragraph)
                }
                let share = Self.share(alignment.resolved(rightToLeft: rightToLeft))
                lines[index].x = (width - lines[index].width) * share
            }
        }
    }

    /// How much of the room a line leaves an alignment puts before it (`start` and `end` as in
    /// left-to-right text; ``ParagraphStyle/Alignment/resolved(rightToLeft:)`` gives the others).
    private static func share(_ alignment: ParagraphStyle.Alignment) -> Double {
        switch alignment {
        case .left, .justify, .start: 0
        case .center: 0.5
        case .right, .end: 1
        }
    }

    /// Stretches every line that does not end its hard-broken paragraph (``LineLayout/endsParagraph``)
    /// to `width`, at its inner spaces.
    func justify(_ lines: inout [LineLayout], in width: Double) {
        for index in lines.indices {
            let slack = width - lines[index].width
            // A line of text alone, or of text and its hyphen (a truncated line is not stretched).
            let pieces = lines[index].pieces
            let hyphenated = pieces.count == 2 && pieces.contains { if case .hyphen = $0 { true } else { false } }
            let text = pieces.lazy.compactMap { piece -> Range<Int>? in
                if case .text(let range) = piece { range } else { nil }
            }.first
            guard !lines[index].endsParagraph, slack > 0, pieces.count == 1 || hyphenated, let range = text
            else { continue }
            let spaces = units[range.lowerBound..<visibleEnd(range.lowerBound, range.upperBound)].count { $0 == 0x20 }
            guard spaces > 0 else { continue }
            lines[index].spaceStretch = slack / Double(spaces)
            lines[index].width = width
        }
    }
}
