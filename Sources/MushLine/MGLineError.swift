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
        func size(_ value: Double, _ property: @autoclosure () -> String) throws(MGLineError) {
            guard value.isFinite, value >= 0 else {
                throw .invalidValue(property: property(), problem: "must be a finite number of points, 0 or more (it is \(value))")
            }
        }
        func finite(_ value: Double, _ property: @autoclosure () -> String) throws(MGLineError) {
            guard value.isFinite else { throw .invalidValue(property: property(), problem: "must be a finite number (it is \(value))") }
        }
        func insets(_ insets: Insets, _ property: @autoclosure () -> String) throws(MGLineError) {
            try size(insets.top, property() + ".top")
            try size(insets.left, property() + ".left")
            try size(insets.bottom, property() + ".bottom")
            try size(insets.right, property() + ".right")
        }
        func checkFont(_ font: Font?, _ property: String) throws(MGLineError) {
            guard let font else { return }
            guard font.size.isFinite, font.size > 0 else {
                throw .invalidValue(property: property + ".size", problem: "must be greater than 0 (it is \(font.size))")
            }
            if let family = font.family, fonts.faces(ofFamily: family).isEmpty {
                throw .unknownFontFamily(property: property + ".family", family: family, known: fonts.families)
            }
        }
        try size(width, "width")
        try size(height, "height")
        try insets(padding, "padding")
        try checkFont(font, "font")
        try checkFont(middleFont, "middleFont")
        try checkFont(rightFont, "rightFont")
        try size(leftWidth, "leftWidth")
        try size(middleWidth, "middleWidth")
        try size(rightWidth, "rightWidth")
        try finite(leftLineSpacing, "leftLineSpacing")
        try finite(middleLineSpacing, "middleLineSpacing")
        try finite(rightLineSpacing, "rightLineSpacing")
        try size(itemPadding, "itemPadding")
        try size(minHeight, "minHeight")
        try size(maxHeight, "maxHeight")
        for side in Side.allCases {
            for (index, item) in items(on: side).enumerated() {
                // Named only when something is wrong: validation runs on every layout.
                func property() -> String { "\(side.rawValue)Items[\(index)]" }
                switch item {
                case .text, .attributed:
                    break
                case .image(let image):
                    try size(image.width, property() + ".width")
                    try size(image.height, property() + ".height")
                case .box(let box):
                    try size(box.width, property() + ".width")
                    try size(box.height, property() + ".height")
                    try insets(box.margin, property() + ".margin")
                    do {
                        try box.line?.validate(fonts: fonts)
                    } catch .invalidValue(let inner, let problem) {
                        throw .invalidValue(property: property() + ".line." + inner, problem: problem)
                    } catch .unknownFontFamily(let inner, let family, let known) {
                        throw .unknownFontFamily(property: property() + ".line." + inner, family: family, known: known)
                    } catch {
                        throw error
                    }
                }
            }
        }
    }
}
