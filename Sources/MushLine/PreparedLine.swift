import MushText

extension MGLine {
    /// A line checked and with its texts shaped once, to be laid out at many widths: what a layout
    /// engine holding rows asks of each row (its height at a width, its natural width) costs no
    /// shaping after the first.
    ///
    /// ```swift
    /// let row = try MGLine.Prepared(line, fonts: .standard)
    /// let narrow = try row.layout(width: 200)      // as line.layout() with line.width = 200
    /// let natural = try row.layout(widenAsNeeded: true).width
    /// ```
    ///
    /// The texts of the line's own items are shaped when the value is made; a line held by a box
    /// item is shaped again at each layout, as ``MGLine/layout(fonts:)`` does.
    public struct Prepared: Sendable {
        /// The line as given.
        public var line: MGLine { source.line }
        /// The fonts its texts were shaped with.
        public var fonts: FontCollection { source.fonts }
        /// The line, its fonts and its shaped items, behind one reference: a copy of the value, and
        /// each layout of it, retains one object rather than every array and string of the line.
        /// (`source.line.minHeight` reads one value in place; ``line`` returns a copy.)
        package let source: LineSource

        /// Checks `line` (``MGLine/validate(fonts:)``) and shapes its texts.
        public init(_ line: MGLine, fonts: FontCollection = .standard) throws(MGLineError) {
            try line.validate(fonts: fonts)
            source = LineSource(line, fonts: fonts, prepared: try LineEngine.prepare(line, fonts: fonts))
        }

        /// The layout ``MGLine/layout(fonts:)`` gives for the line with its `width`, `height` and
        /// `widenAsNeeded` replaced by those given (nil: the line's own), without shaping its texts
        /// again.
        ///
        /// Throws ``MGLineError/invalidValue(property:problem:)`` for a width or height outside
        /// `MushLimits/length`, and what laying out a line held by a box throws.
        public func layout(width: Double? = nil, height: Double? = nil, widenAsNeeded: Bool? = nil)
            throws(MGLineError) -> MGLineLayout
        {
            if let width { try Check.size(width, "width") }
            if let height { try Check.size(height, "height") }
            var engine = LineEngine(source, width: width, height: height, widenAsNeeded: widenAsNeeded)
            return try engine.run()
        }
    }
}
