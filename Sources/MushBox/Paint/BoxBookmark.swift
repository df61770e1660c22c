import MushBase

/// A PDF outline entry for a box (a bookmark in a viewer's side panel), going to the top-left corner
/// of the box on the page where it starts (``BoxPaint/bookmark``).
///
/// Entries nest by ``level`` in the document's order: an entry goes under the nearest entry before
/// it of a lower level (a level 2 under the level 1 before it; a level 3 after a level 1 goes
/// straight under it), and one with no such entry before it is a top entry.
public struct BoxBookmark: Hashable, Sendable {
    /// 1 (a top entry, a chapter) to 6.
    public var level: Int
    /// What the entry says; nil: the box's text (its texts and rows, in order, one space between).
    public var title: String?
    /// Whether the entry shows the entries under it when the document opens; true by default.
    public var isOpen: Bool
    /// Whether the box is a heading of its level (JSON's `heading`): what a tagged PDF will tag `H1`
    /// to `H6`; false for a box bookmarked only (`bookmark`).
    public var isHeading: Bool

    public init(level: Int, title: String? = nil, isOpen: Bool = true, isHeading: Bool = false) {
        self.level = level
        self.title = title
        self.isOpen = isOpen
        self.isHeading = isHeading
    }

    /// The levels there are.
    public static let levels = 1...6

    /// The first value that cannot be written, as `(key, problem)` (keys as the JSON names them:
    /// `heading`, `bookmark`); nil when there is none.
    public func firstProblem() -> (key: String, problem: String)? {
        if !Self.levels.contains(level) {
            return (isHeading ? "heading" : "bookmark.level", "must be a whole number from 1 to 6 (it is \(level))")
        }
        if let title {
            if title.isEmpty { return ("bookmark", "must not be empty (leave it out to use the box's text)") }
            if title.unicodeScalars.contains("\0") { return ("bookmark", "must not hold U+0000") }
            if title.count > DocumentInfo.longestText {
                return ("bookmark", "must be at most \(DocumentInfo.longestText) characters")
            }
        }
        return nil
    }
}
