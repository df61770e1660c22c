import MushImage
import MushLine

/// Something drawn otherwise than asked: an image that could not be read (drawn as a grey, crossed
/// placeholder), or text whose font FreeType could not open (not drawn), in a line, a stack or a
/// box tree.
///
/// A warning names the item it is about by its place (``Location``), what went wrong
/// (``Problem``) and the file. Its ``description`` names the item as Swift code would:
///
/// ```
/// lines[2].rightItems[0]: image not found: icons/star.png; drew a placeholder
/// ```
///
/// Programs that read lines from another form name the item their own way with
/// ``description(naming:)``; `mush render` gives the JSON path, `lines[2].right[0]`.
public struct RenderWarning: Sendable, Hashable, CustomStringConvertible {
    /// The item the warning is about.
    public var location: Location
    /// What went wrong.
    public var problem: Problem
    /// The file concerned: the image's path as it was read (a relative path joined to
    /// ``RenderOptions/images``' root or folder) or the font's file; nil for an image that names no
    /// file.
    public var file: String?

    public init(location: Location, problem: Problem, file: String?) {
        self.location = location
        self.problem = problem
        self.file = file
    }

    /// Where an item is: on which line of a stack, on which side and at which index of its line,
    /// and, for an item on a box's line, the same for each box around it; in a box tree, the node
    /// it is in (``nodePath``), and for an item of a row leaf, its steps on that row.
    public struct Location: Sendable, Hashable, CustomStringConvertible {
        /// One step down to an item: its side and its index among that side's items.
        public struct Step: Sendable, Hashable {
            public var side: MGLine.Side
            public var index: Int

            public init(side: MGLine.Side, index: Int) {
                self.side = side
                self.index = index
            }
        }

        /// The index of the stack's line the item is on (or inside); nil for a line drawn alone.
        public var line: Int?
        /// The item's place, outermost first: the box on the line, then the item on that box's
        /// line, and so on; the last step is the item itself.
        public var steps: [Step]
        /// In a box tree, the node the item is in: the index of each child on the way down from
        /// the root (`[2, 0]` is `children[2].children[0]`; empty: the root). The node itself when
        /// ``steps`` is empty (an image leaf, a text leaf); otherwise the node whose row holds the
        /// item. nil outside box trees.
        public var nodePath: [Int]?

        /// The item reached by `steps`, on the stack's line `line` (nil for a line drawn alone), in
        /// the box tree's node at `nodePath` (nil outside box trees).
        public init(line: Int? = nil, steps: [Step] = [], nodePath: [Int]? = nil) {
            self.line = line
            self.steps = steps
            self.nodePath = nodePath
        }

        /// The location one step further in: `step` on the line of the box this location names.
        public func appending(_ side: MGLine.Side, _ index: Int) -> Location {
            Location(line: line, steps: steps + [Step(side: side, index: index)], nodePath: nodePath)
        }

        /// The item named as Swift code would reach it, as layout errors name properties:
        /// `lines[2].rightItems[0].line.leftItems[1]`; in a box tree, the node
        /// (`children[2].children[0]`, `root` for the root) and an item of its row after `line`
        /// (`children[1].line.leftItems[0]`).
        public var description: String {
            let items = steps.map { "\($0.side.rawValue)Items[\($0.index)]" }.joined(separator: ".line.")
            guard let nodePath else { return (line.map { "lines[\($0)]." } ?? "") + items }
            return Self.describe(nodePath: nodePath, row: "line", items: items)
        }

        /// A box tree's node (`children[2].children[0]`, or `root`), followed by `row` and `items`
        /// when `items` is not empty (`children[2].line.leftItems[0]`, `line.leftItems[0]` at the
        /// root).
        package static func describe(nodePath: [Int], row: String, items: String) -> String {
            describe(node: nodePath.map { "children[\($0)]" }.joined(separator: "."), row: row, items: items)
        }

        /// As ``describe(nodePath:row:items:)``, for a node already named (`boxes[1].items[0].view`;
        /// empty: the root).
        package static func describe(node: String, row: String, items: String) -> String {
            if items.isEmpty { return node.isEmpty ? "root" : node }
            return (node.isEmpty ? "" : node + ".") + row + "." + items
        }
    }

    /// What went wrong.
    public enum Problem: Sendable, Hashable, CustomStringConvertible {
        /// The image item has no file.
        case imageNamesNoFile
        /// No file at the image's path (or a folder on the way is missing).
        case imageNotFound
        /// The image's path names a folder.
        case imageIsAFolder
        /// The file is there but may not be read.
        case imagePermissionDenied
        /// Reading the file failed otherwise; the system's reason.
        case imageNotRead(reason: String)
        /// The file is none of the formats read (PNG, JPEG, WebP, SVG).
        case notAnImage
        /// The file starts as a format (named) but could not be decoded: cut short or damaged.
        case damagedImage(String)
        /// The image declares more pixels than it may (32,767 a side, 50 million in all); its size.
        case imageTooLarge(width: Int, height: Int)
        /// The path leads outside the image root (named), links resolved: it was not read.
        case imageOutsideRoot(String)
        /// Decoded, the image alone would need more memory than ``RenderOptions/imageMemory``
        /// allows (4 bytes a pixel); its size and the limit in bytes.
        case imageOverMemoryLimit(width: Int, height: Int, limit: Int)
        /// FreeType could not open the font file (at this face index) that the layout used: the
        /// file went away since it was loaded.
        case fontNotOpened(index: Int)
        /// An SVG image, and librsvg (the file named), which draws SVG, could not be opened: it is
        /// opened at the first SVG image, not linked, and is missing or broken here.
        case svgNeedsLibrary(String)
        /// The image decoded only in part (a JPEG cut short or missing its end marker): the
        /// format and the decoder's message. What decoded is drawn (a JPEG's rest grey).
        case imagePartlyDecoded(format: String, reason: String)
        /// An animated image (the format, its number of frames): its first frame is drawn.
        case animatedImage(format: String, frames: Int)
        /// An SVG image refers to other files (named), which are not loaded: drawn without them.
        case svgReferencesNotLoaded([String])
        /// An SVG image that would cost librsvg too much time or memory to draw (`SVGCensus`'s
        /// bounds): which bound, in words.
        case svgTooCostly(String)
        /// An SVG or PDF holds every image it draws until it is written: this one, decoded, would
        /// take the images drawn so far past ``RenderOptions/imageMemory`` (its size, the limit
        /// in bytes).
        case imageOverDocumentMemory(width: Int, height: Int, limit: Int)
        /// A `#ID` link (a text run's or a box's) names an id (given) that no box of the document
        /// has: no link is written.
        case linkTargetNotFound(String)
        /// A tagged PDF's picture (an image leaf, a box of role `figure`) without alternate text
        /// (`BoxPaint.alternateText`): a screen reader can only say that there is a figure.
        case figureWithoutAlternateText
        /// A tagged PDF whose structure Cairo refused (its message): the PDF is written untagged.
        case notTagged(String)

        /// The problem in a few words: `image not found`, `not a PNG, JPEG, WebP or SVG file`.
        public var description: String {
            switch self {
            case .imageNamesNoFile: "the image names no file"
            case .imageNotFound: "image not found"
            case .imageIsAFolder: "the image's path is a folder"
            case .imagePermissionDenied: "no permission to read the image"
            case .imageNotRead(let reason): "image not read (\(reason))"
            case .notAnImage: "not a PNG, JPEG, WebP or SVG file"
            case .damagedImage(let format): "a damaged \(format) file"
            case .imageTooLarge(let width, let height):
                "the image is too large (\(width) × \(height) pixels; at most \(Int(ImageLimits.pixelsPerSide)) a side and \(Int(ImageLimits.pixels)) in all)"
            case .imageOutsideRoot(let root):
                root.isEmpty
                    ? "not read: images are read from an image root, and none is set"
                    : "outside the image root \(root), not read"
            case .imageOverMemoryLimit(let width, let height, let limit):
                "the image needs more memory decoded than the limit (\(width) × \(height) pixels need"
                    + " \(width * height * 4) bytes; the limit is \(limit))"
            case .fontNotOpened(let index): "FreeType cannot open the font (face \(index))"
            case .svgNeedsLibrary(let file): "an SVG image, and librsvg (\(file)), which draws SVG, cannot be opened"
            case .imagePartlyDecoded(let format, let reason): "a damaged or cut \(format) file (\(reason))"
            case .animatedImage(let format, let frames): "an animated \(format) image (\(frames) frames)"
            case .svgTooCostly(let excess): "an SVG image too costly to draw (\(excess))"
            case .imageOverDocumentMemory(let width, let height, let limit):
                "an SVG or PDF keeps every image it draws until it is written, and this one (\(width) × \(height) pixels) would take them past the image memory (\(limit) bytes)"
            case .linkTargetNotFound(let id): "the link #\(id) names no box of the document"
            case .notTagged(let reason): "Cairo could not write the PDF's structure tree (\(reason))"
            case .figureWithoutAlternateText:
                "a figure of a tagged PDF without alternate text (alt; \"\" marks a picture as decoration)"
            case .svgReferencesNotLoaded(let files):
                "the SVG image refers to other files (\(files.prefix(3).joined(separator: ", "))\(files.count > 3 ? ", …" : "")), and external references in SVG images are not loaded"
            }
        }

        /// What the renderer drew instead.
        var consequence: String {
            switch self {
            case .fontNotOpened: "its text is not drawn"
            case .imagePartlyDecoded: "drew what decodes"
            case .animatedImage: "drew its first frame"
            case .svgReferencesNotLoaded: "drew it without them"
            case .linkTargetNotFound: "wrote no link"
            case .figureWithoutAlternateText: "tagged it a Figure without /Alt"
            case .notTagged: "wrote it untagged"
            default: "drew a placeholder"
            }
        }
    }

    /// `lines[2].rightItems[0]: image not found: icons/star.png; drew a placeholder`: the item as
    /// Swift code names it, the problem, the file, and what was drawn instead.
    public var description: String {
        description(naming: \.description)
    }

    /// The description with the item named by `name`, for programs that show lines in another
    /// form than Swift's (`mush render` names it by its JSON path).
    public func description(naming name: (Location) -> String) -> String {
        "\(name(location)): \(problem)\(file.map { ": \($0)" } ?? ""); \(problem.consequence)"
    }
}
