import MushText

/// Why a line could not be laid out.
public enum MGLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A property holds a value it cannot have (a negative size, a size that is not finite).
    /// `property` names it as Swift code would: `rightItems[0].margin.left`.
    case invalidValue(property: String, problem: String)
    /// A font names a family the font collection does not have.
    case unknownFontFamily(property: String, family: String, known: [String])
    /// ICU could not break the text.
    case text(ICUError)

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
    /// Checks every value the layout uses, naming the first bad one.
    public func validate(fonts: FontCollection = .standard) throws(MGLineError) {
        func checkFont(_ font: Font?, _ property: String) throws(MGLineError) {
            guard let font else { return }
            guard font.size.isFinite, font.size > 0 else {
                throw .invalidValue(property: property + ".size", problem: "must be greater than 0 (it is \(font.size))")
            }
            if let family = font.family, fonts.faces(ofFamily: family).isEmpty {
                throw .unknownFontFamily(property: property + ".family", family: family, known: fonts.families)
            }
        }
        try Check.size(width, "width")
        try Check.size(height, "height")
        try Check.insets(padding, "padding")
        try Check.insets(margin, "margin")
        try Check.size(borders.width, "borders.width")
        try Check.offset(leftTextShadowOffset, "leftTextShadowOffset")
        try Check.offset(middleTextShadowOffset, "middleTextShadowOffset")
        try Check.offset(rightTextShadowOffset, "rightTextShadowOffset")
        try checkFont(font, "font")
        try checkFont(middleFont, "middleFont")
        try checkFont(rightFont, "rightFont")
        try Check.size(leftWidth, "leftWidth")
        try Check.size(middleWidth, "middleWidth")
        try Check.size(rightWidth, "rightWidth")
        try Check.finite(leftLineSpacing, "leftLineSpacing")
        try Check.finite(middleLineSpacing, "middleLineSpacing")
        try Check.finite(rightLineSpacing, "rightLineSpacing")
        try Check.size(itemPadding, "itemPadding")
        try Check.size(minHeight, "minHeight")
        try Check.size(maxHeight, "maxHeight")
        for side in Side.allCases {
            for (index, item) in items(on: side).enumerated() {
                // Named only when something is wrong: validation runs on every layout.
                func property() -> String { "\(side.rawValue)Items[\(index)]" }
                switch item {
                case .text, .attributed:
                    break
                case .image(let image):
                    try Check.size(image.width, property() + ".width")
                    try Check.size(image.height, property() + ".height")
                case .box(let box):
                    try Check.size(box.width, property() + ".width")
                    try Check.size(box.height, property() + ".height")
                    try Check.insets(box.margin, property() + ".margin")
                    try Check.size(box.borders.width, property() + ".borders.width")
                    do {
                        try box.line?.validate(fonts: fonts)
                    } catch {
                        throw error.prefixed(property() + ".line.")
                    }
                }
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
    static func size(_ value: Double, _ property: @autoclosure () -> String) throws(MGLineError) {
        guard value.isFinite, value >= 0 else {
            throw .invalidValue(property: property(), problem: "must be a finite number of points, 0 or more (it is \(value))")
        }
    }

    static func finite(_ value: Double, _ property: @autoclosure () -> String) throws(MGLineError) {
        guard value.isFinite else { throw .invalidValue(property: property(), problem: "must be a finite number (it is \(value))") }
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
