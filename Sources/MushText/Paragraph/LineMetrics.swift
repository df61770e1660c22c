// The heights of a paragraph's lines: the tallest font on each, and its inline objects.
extension Paragraph {
    struct Metrics {
        var ascent = 0.0, descent = 0.0, gap = 0.0
        /// The heights of the tallest objects aligned to the top and to the bottom of the line box
        /// (0: none), which ``resolved()`` grows the line for.
        var top = 0.0, bottom = 0.0
        var height: Double { ascent + descent + gap }

        mutating func merge(_ other: Metrics) {
            ascent = max(ascent, other.ascent)
            descent = max(descent, other.descent)
            gap = max(gap, other.gap)
            top = max(top, other.top)
            bottom = max(bottom, other.bottom)
        }

        /// The line grown for its top- and bottom-aligned objects: downwards for one taller than
        /// the line aligned to its top, then upwards for one aligned to its bottom, so that the
        /// line is as short as it can be with the baseline where the text puts it (CSS 2.1, 10.8).
        func resolved() -> Metrics {
            guard top > 0 || bottom > 0 else { return self }
            var result = self
            if top > result.height { result.descent += top - result.height }
            if bottom > result.height { result.ascent += bottom - result.height }
            result.top = 0
            result.bottom = 0
            return result
        }
    }

    /// The tallest font metrics among the items on `span` (the empty-line face for an empty span),
    /// the line grown for its objects.
    func metrics(_ span: Span) -> Metrics {
        metrics(span.start, span.end)
    }

    func metrics(_ start: Int, _ end: Int) -> Metrics {
        rawMetrics(start, end).resolved()
    }

    /// The metrics of the items on `start..<end`, objects aligned to the line box not yet placed.
    fileprivate func rawMetrics(_ start: Int, _ end: Int) -> Metrics {
        var result = Metrics()
        var any = false
        for item in items[itemIndices(start, end)] {
            let scale = item.size / Double(item.face.unitsPerEm)
            var ascent = Double(item.face.ascender) * scale
            var descent = -Double(item.face.descender) * scale
            var gap = Double(item.face.lineGap) * scale
            // A line height: the leading split above and below the text (an object's box is its own).
            if let lineHeight, item.object < 0 {
                let leading = lineHeight.height(forSize: item.size) - (ascent + descent)
                ascent += leading / 2
                descent += leading / 2
                gap = 0
            }
            result.ascent = max(result.ascent, ascent)
            result.descent = max(result.descent, descent)
            result.gap = max(result.gap, gap)
            any = true
            guard item.object >= 0 else { continue }
            let object = objects[Int(item.object)]
            if let extents = extents(of: object, in: item) {
                result.ascent = max(result.ascent, extents.above)
                result.descent = max(result.descent, extents.below)
            } else if object.verticalAlign == .top {
                result.top = max(result.top, object.height)
            } else {
                result.bottom = max(result.bottom, object.height)
            }
        }
        if !any {
            let face = emptyLineFace
            let scale = style.fontSize / Double(face.unitsPerEm)
            result = Metrics(
                ascent: Double(face.ascender) * scale, descent: -Double(face.descender) * scale,
                gap: Double(face.lineGap) * scale)
            if let lineHeight {
                let leading = lineHeight.height(forSize: style.fontSize) - (result.ascent + result.descent)
                result = Metrics(ascent: result.ascent + leading / 2, descent: result.descent + leading / 2)
            }
        }
        return result
    }

    /// The tallest font metrics among the text pieces of a line (an ellipsis adds none). The line's
    /// ``LineLayout/height``, ``LineLayout/ascent`` and ``LineLayout/descent`` (descent and gap).
    func metrics(of pieces: LinePieces) -> Metrics {
        var lineMetrics = Metrics()
        for piece in pieces {
            guard case .text(let range) = piece else { continue }
            lineMetrics.merge(rawMetrics(range.lowerBound, range.upperBound))
        }
        return lineMetrics.resolved()
    }
}
