import Mush

/// A laid-out ``MGStack``: its size, its background and borders, and each line's place and layout.
///
/// Like ``MGLineLayout``, a stack's layout carries all that drawing needs: a renderer draws it
/// without the ``MGStack``.
public struct MGStackLayout: Sendable {
    /// The stack's width, as set, and its height: the padding, the lines and their margins.
    public var width: Double
    public var height: Double
    /// Every line of the stack, in order, top to bottom.
    public var lines: [Placed]
    /// The fill of the stack's whole rectangle, under its lines (the stack's `backgroundColor`);
    /// nil: none.
    public var backgroundColor: MushColor?
    /// The stack's MGBox-style borders, drawn inside its rectangle over its lines.
    public var borders: MGLine.Borders

    /// One line in the stack.
    public struct Placed: Sendable {
        /// The line's top-left corner, from the stack's top-left corner (y grows downwards); its
        /// margins are outside it.
        public var x, y: Double
        /// The line as it was laid out: a line of width 0 has the width it was given. (Drawing
        /// does not need it: ``MGStackLayout/Placed/layout`` carries what is drawn.)
        public var line: MGLine
        /// The line's layout, its frames relative to (`x`, `y`).
        public var layout: MGLineLayout

        /// The line's rectangle in the stack.
        public var frame: MGLineLayout.Frame {
            MGLineLayout.Frame(x: x, y: y, width: layout.width, height: layout.height)
        }
    }
}
