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
        public let line: MGLine
        /// The fonts its texts were shaped with.
        public let fonts: FontCollection
        let items: SideTable<[LineEngine.Prepared]>

        /// Checks `line` (``MGLine/validate(fonts:)``) and shapes its texts.
        public init(_ line: MGLine, fonts: FontCollection = .standard) throws(MGLineError) {
            try line.validate(fonts: fonts)
            self.line = line
            self.fonts = fonts
            items = try LineEngine.prepare(line, fonts: fonts)
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
            var line = self.line
            if let width {
                try Check.size(width, "width")
                line.width = width
            }
            if let height {
                try Check.size(height, "height")
                line.height = height
            }
            if let widenAsNeeded { line.widenAsNeeded = widenAsNeeded }
            var engine = LineEngine(line: line, fonts: fonts, prepared: items)
            return try engine.run()
        }
    }
}
