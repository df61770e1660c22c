import Mush
import MushText

/// Why a line could not be laid out.
public enum MGLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A property holds a value it cannot have (a negative size, a size that is not finite).
    /// `property` names it as Swift code would: `rightItems[0].margin.left`.
    case invalidValue(property: String, problem: String)
    /// A font names a family the font collection does not have.
    case unknownFontFamily(property: String, family: String, known: [String])
    /// The text engine could not make a paragraph (ICU failed; values are checked before).
    case text(TextError)

    public var description: String {
        switch self {
        case .invalidValue(let property, let problem):
            "\(property) \(problem)"
        case .unknownFontFamily(let property, let family, let known):
            "\(property): no font family '\(family)' (the fonts have \(known.joined(separator: ", ")))"
        case .text(let error):
            error.description
        }
    }
}

extension MGLine {
    /// How many lines may nest in boxes inside a line (a box's line holding a box with a line is
    /// two).
    public static let maximumNesting = 16

    /// Checks every value the layout uses, naming the first bad one: lengths are 0 to
    /// `MushLimits/length`, font sizes in `MushLimits/fontSize`, offsets in
    /// `MushLimits/offset`, kerning and sizes of attributed text's runs as `MushLimits` says,
    /// and boxes nest at most ``maximumNesting`` lines deep.
    public func validate(fonts: FontCollection = .standard) throws(MGLineError) {
        try validate(fonts: fonts, depth: 0)
    }

    func validate(fonts: FontCollection, depth: Int) throws(MGLineError) {
        try Check.size(width, "width")
        try Check.size(height, "height")
        try Check.insets(padding, "padding")
        try Check.insets(margin, "margin")
        try Check.size(borders.width, "borders.width")
        try Check.size(itemPadding, "itemPadding")
        try Check.size(minHeight, "minHeight")
        try Check.size(maxHeight, "maxHeight")
        // (Each side's style read once: `self[side]` copies it, its strings and items retained.)
        let left = sides.left
        let middle = sides.middle
        let right = sides.right
        for property in SideStyle.Property.allCases {
            try left.validate(property, on: .left, fonts: fonts, depth: depth)
            try middle.validate(property, on: .middle, fonts: fonts, depth: depth)
            try right.validate(property, on: .right, fonts: fonts, depth: depth)
        }
    }
}

extension MGLine.SideStyle {
    /// Checks one property of the style of `side` (of a line nested `depth` boxes deep), naming it
    /// as the line does: `middleFont.size`, `rightItems[0].margin.left`.
    func validate(_ property: Property, on side: MGLine.Side, fonts: FontCollection, depth: Int) throws(MGLineError) {
        // Named only when something is wrong: validation runs on every layout.
        func name() -> String { property.name(on: side) }
        switch property {
        case .font:
            guard let font else { return }
            if let problem = MushLimits.problem(font.size, in: MushLimits.fontSize) {
                throw .invalidValue(property: name() + ".size", problem: problem)
            }
            if let family = font.family, !fonts.hasFamily(family) {
                throw .unknownFontFamily(property: name() + ".family", family: family, known: fonts.families)
            }
        case .textColor, .textShadowColor, .alignment:
            break
        case .textShadowOffset:
            try Check.offset(textShadowOffset, name())
        case .width:
            try Check.size(width, name())
        case .lineSpacing:
            try Check.size(lineSpacing, name())
        case .items:
            for (index, item) in items.enumerated() {
                try item.validate(fonts: fonts, depth: depth) { "\(name())[\(index)]" }
            }
        }
    }
}

extension MGLine.Item {
    /// Checks the item's values, naming the bad one after `property()`, the item's name in its
    /// line: `rightItems[0]` and `.margin.left`.
    func validate(fonts: FontCollection, depth: Int, _ property: () -> String) throws(MGLineError) {
        switch self {
        case .text:
            break
        case .attributed(let document, _):
            do {
                try document.validateForLayout()
            } catch {
                if case .invalidValue(let name, let problem) = error {
                    throw .invalidValue(property: property() + "." + name, problem: problem)
                }
            }
        case .pieces(let pieces, _):
            for (index, piece) in pieces.enumerated() {
                func name() -> String { property() + ".pieces[\(index)]" }
                switch piece {
                case .text(let document):
                    do {
                        try document.validateForLayout()
                    } catch {
                        if case .invalidValue(let inner, let problem) = error {
                            throw .invalidValue(property: name() + "." + inner, problem: problem)
                        }
                    }
                case .image(let image):
                    try image.validate(name)
                }
            }
        case .image(let image):
            try Check.size(image.width, property() + ".width")
            try Check.size(image.height, property() + ".height")
        case .box(let box):
            try Check.size(box.width, property() + ".width")
            try Check.size(box.height, property() + ".height")
            try Check.insets(box.margin, property() + ".margin")
            try Check.size(box.borders.width, property() + ".borders.width")
            guard let nested = box.line else { break }
            guard depth < MGLine.maximumNesting else {
                throw .invalidValue(
                    property: property() + ".line",
                    problem: "is nested too deep (at most \(MGLine.maximumNesting) lines in boxes inside a line)")
            }
            do {
                try nested.validate(fonts: fonts, depth: depth + 1)
            } catch {
                throw error.prefixed(property() + ".line.")
            }
        }
    }
}

extension MGLineError {
    /// The same error with `prefix` before the property it names: `lines[2].` and
    /// `rightItems[0].width` make `lines[2].rightItems[0].width`.
    func prefixed(_ prefix: String) -> MGLineError {
        switch self {
        case .invalidValue(let property, let problem):
            .invalidValue(property: prefix + property, problem: problem)
        case .unknownFontFamily(let property, let family, let known):
            .unknownFontFamily(property: prefix + property, family: family, known: known)
        case .text:
            self
        }
    }
}

/// The checks of validation, shared by lines and stacks. Property names are autoclosures, built
/// only when a value is bad: validation runs on every layout.
enum Check {
    /// A length: 0 to `MushLimits/length` points.
    static func size(_ value: Double, _ property: @autoclosure () -> String) throws(MGLineError) {
        if let problem = MushLimits.problem(value, in: MushLimits.length, unit: "points") {
            throw .invalidValue(property: property(), problem: problem)
        }
    }

    /// An offset: within `MushLimits/offset`.
    static func finite(_ value: Double, _ property: @autoclosure () -> String) throws(MGLineError) {
        if let problem = MushLimits.problem(value, in: MushLimits.offset, unit: "points") {
            throw .invalidValue(property: property(), problem: problem)
        }
    }

    static func insets(_ insets: MGLine.Insets, _ property: @autoclosure () -> String) throws(MGLineError) {
        try size(insets.top, property() + ".top")
        try size(insets.left, property() + ".left")
        try size(insets.bottom, property() + ".bottom")
        try size(insets.right, property() + ".right")
    }

    static func offset(_ offset: MGLine.Offset, _ property: @autoclosure () -> String) throws(MGLineError) {
        try finite(offset.x, property() + ".x")
        try finite(offset.y, property() + ".y")
    }
}
