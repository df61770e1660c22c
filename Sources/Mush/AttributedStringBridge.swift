import Foundation

/// Mush's attributes as Foundation `AttributedString` keys, in their own scope.
///
/// ```swift
/// let string = AttributedString(Mush.parse("**bold** {#f00|red}"))
/// for run in string.runs where run.mush.bold == true { … }
/// ```
public enum MushAttributeKeys {
    /// The key of a paired-marker token's attribute (one for each row of the token table).
    protocol TokenKey: AttributedStringKey, Sendable where Value == Bool {}

    /// ``MushAttributes/bold``.
    public enum Bold: AttributedStringKey, Sendable, TokenKey {
        public typealias Value = Bool
        public static var name: String { MushToken.bold.attributedStringKeyName }
    }
    /// ``MushAttributes/italic``.
    public enum Italic: AttributedStringKey, Sendable, TokenKey {
        public typealias Value = Bool
        public static var name: String { MushToken.italic.attributedStringKeyName }
    }
    /// ``MushAttributes/underline``.
    public enum Underline: AttributedStringKey, Sendable, TokenKey {
        public typealias Value = Bool
        public static var name: String { MushToken.underline.attributedStringKeyName }
    }
    /// ``MushAttributes/strikethrough``.
    public enum Strikethrough: AttributedStringKey, Sendable, TokenKey {
        public typealias Value = Bool
        public static var name: String { MushToken.strikethrough.attributedStringKeyName }
    }
    /// ``MushAttributes/monospace``.
    public enum Monospace: AttributedStringKey, Sendable, TokenKey {
        public typealias Value = Bool
        public static var name: String { MushToken.code.attributedStringKeyName }
    }
    public enum Color: AttributedStringKey, Sendable {
        public typealias Value = MushColor
        public static let name = "mush.color"
    }
    public enum BackgroundColor: AttributedStringKey, Sendable {
        public typealias Value = MushColor
        public static let name = "mush.backgroundColor"
    }
    public enum Kern: AttributedStringKey, Sendable {
        public typealias Value = Double
        public static let name = "mush.kern"
    }
    public enum FontFamily: AttributedStringKey, Sendable {
        public typealias Value = String
        public static let name = "mush.fontFamily"
    }
    public enum FontSize: AttributedStringKey, Sendable {
        public typealias Value = Double
        public static let name = "mush.fontSize"
    }
}

extension AttributeScopes {
    /// The Mush attributes: `string.mush.bold`, `run.mush.color`, …
    public struct MushAttributes: AttributeScope {
        public let bold: MushAttributeKeys.Bold
        public let italic: MushAttributeKeys.Italic
        public let underline: MushAttributeKeys.Underline
        public let strikethrough: MushAttributeKeys.Strikethrough
        public let monospace: MushAttributeKeys.Monospace
        public let color: MushAttributeKeys.Color
        public let backgroundColor: MushAttributeKeys.BackgroundColor
        public let kern: MushAttributeKeys.Kern
        public let fontFamily: MushAttributeKeys.FontFamily
        public let fontSize: MushAttributeKeys.FontSize
    }

    /// The Mush attribute scope.
    public var mush: MushAttributes.Type { MushAttributes.self }
}

extension AttributeDynamicLookup {
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.MushAttributes, T>
    ) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// The document's text with its runs' attributes in the Mush scope. Unset attributes are absent
    /// (a `false` style is not stored).
    ///
    /// Runs are applied on Unicode-scalar ranges, so a run that starts inside a grapheme cluster
    /// (`e\u{301}**\u{301}x**`) keeps its exact extent.
    public init(_ document: MushDocument) {
        var result = AttributedString(document.text)
        let scalars = result.unicodeScalars
        var boundaries = [scalars.startIndex]
        boundaries.reserveCapacity(document.runs.count + 1)
        for run in document.runs {
            boundaries.append(scalars.index(boundaries[boundaries.count - 1], offsetBy: run.range.count))
        }
        for (offset, run) in document.runs.enumerated() where !run.attributes.isPlain {
            result[boundaries[offset]..<boundaries[offset + 1]].setAttributes(Self.container(run.attributes))
        }
        self = result
    }

    private static func container(_ attributes: MushAttributes) -> AttributeContainer {
        var container = AttributeContainer()
        func set<Key: MushAttributeKeys.TokenKey>(_: Key.Type) { container[Key.self] = true }
        for token in MushToken.allCases where attributes[keyPath: token.attribute] { set(token.attributedStringKey) }
        for value in SpanValue.values(of: attributes) {
            switch value {
            case .color(let color): container.mush.color = color
            case .backgroundColor(let color): container.mush.backgroundColor = color
            case .kern(let kern): container.mush.kern = kern
            case .fontFamily(let family): container.mush.fontFamily = family
            case .fontSize(let size): container.mush.fontSize = size
            }
        }
        return container
    }
}

extension MushDocument {
    /// The text and Mush-scope attributes of an `AttributedString`. Attributes of other scopes
    /// (links, UIKit fonts, …) are not part of Mush and are not carried over.
    public init(_ string: AttributedString) {
        var pieces: [(text: String, attributes: MushAttributes)] = []
        for run in string.runs {
            func isSet<Key: MushAttributeKeys.TokenKey>(_: Key.Type) -> Bool { run[Key.self] ?? false }
            var attributes = MushAttributes(
                color: run.mush.color,
                backgroundColor: run.mush.backgroundColor,
                kern: run.mush.kern,
                fontFamily: run.mush.fontFamily,
                fontSize: run.mush.fontSize)
            for token in MushToken.allCases { attributes[keyPath: token.attribute] = isSet(token.attributedStringKey) }
            // The scalars, not the characters: a run may start inside a grapheme cluster.
            pieces.append((String(String.UnicodeScalarView(string[run.range].unicodeScalars)), attributes))
        }
        self.init(pieces)
    }
}

extension MushToken {
    /// The `AttributedString` key of the token's attribute.
    var attributedStringKey: any MushAttributeKeys.TokenKey.Type {
        switch self {
        case .bold: MushAttributeKeys.Bold.self
        case .italic: MushAttributeKeys.Italic.self
        case .underline: MushAttributeKeys.Underline.self
        case .strikethrough: MushAttributeKeys.Strikethrough.self
        case .code: MushAttributeKeys.Monospace.self
        }
    }

    /// The name of that key: `mush.` and the attribute's name.
    var attributedStringKeyName: String { "mush." + row.name }
}
