/// A laid-out ``MGStack``: its size and each line's place and layout.
public struct MGStackLayout: Sendable {
    /// The stack's width, as set, and its height: the padding, the lines and their margins.
    public var width: Double
    public var height: Double
    /// Every line of the stack, in order, top to bottom.
    public var lines: [Placed]

    /// One line in the stack.
    public struct Placed: Sendable {
        /// The line's top-left corner, from the stack's top-left corner (y grows downwards); its
        /// margins are outside it.
        public var x, y: Double
        /// The line as it was laid out: a line of width 0 has the width it was given.
        public var line: MGLine
        /// The line's layout, its frames relative to (`x`, `y`).
        public var layout: MGLineLayout

        /// The line's rectangle in the stack.
        public var frame: MGLineLayout.Frame {
            MGLineLayout.Frame(x: x, y: y, width: layout.width, height: layout.height)
        }
    }
}
