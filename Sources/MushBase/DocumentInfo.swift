/// What a PDF or an SVG says about itself: the title a viewer shows in its window, the author,
/// subject and keywords a file manager or an archive indexes, the program that made it, the
/// language a screen reader reads it in, and when it was made (`RenderOptions.document` in MushRender; the root
/// `document` object of the JSON).
///
/// In a PDF every value goes to the document's information dictionary, the language to the
/// catalog's `/Lang`, and a document with a title asks viewers to show it instead of the file's name
/// (`/ViewerPreferences << /DisplayDocTitle true >>`). In an SVG the title is the picture's
/// `<title>`, the subject its `<desc>` and the language its `xml:lang`. PNG, JPEG and WebP carry none
/// of it. Without a creation date none is written, so that the same drawing gives the same bytes.
public struct DocumentInfo: Hashable, Sendable {
    public var title: String?
    public var author: String?
    public var subject: String?
    /// Written as one string, separated by commas.
    public var keywords: [String]
    /// The program that made the document's content; nil: `mush`.
    public var creator: String?
    /// A BCP 47 language tag (`en`, `de-CH`, `zh-Hant-TW`).
    public var language: String?
    /// When the document was made: ISO 8601, `2026-12-07`, `2026-12-07T09:30`, `2026-12-07T09:30:00`,
    /// each with a time zone (`Z`, `+01:00`) or none.
    public var created: String?
    /// Whether a PDF of a box tree is tagged, written with a structure tree that screen readers
    /// follow (`RenderOptions.tagged` in MushRender, which this decides where it is set); nil: as
    /// the options say (by default, a PDF of pages is tagged and a one-page drawing is not).
    public var tagged: Bool?

    public init(
        title: String? = nil, author: String? = nil, subject: String? = nil, keywords: [String] = [],
        creator: String? = nil, language: String? = nil, created: String? = nil, tagged: Bool? = nil
    ) {
        self.tagged = tagged
        self.title = title
        self.author = author
        self.subject = subject
        self.keywords = keywords
        self.creator = creator
        self.language = language
        self.created = created
    }

    /// This description's values where it has them, `other`'s elsewhere (a command's `--title`
    /// over the document's own).
    public func over(_ other: DocumentInfo?) -> DocumentInfo {
        guard let other else { return self }
        return DocumentInfo(
            title: title ?? other.title, author: author ?? other.author, subject: subject ?? other.subject,
            keywords: keywords.isEmpty ? other.keywords : keywords, creator: creator ?? other.creator,
            language: language ?? other.language, created: created ?? other.created, tagged: tagged ?? other.tagged)
    }

    /// The longest text a value may have, in characters.
    public static let longestText = 10_000

    /// The first value that cannot be written as given, by its key (`title`, `keywords[2]`,
    /// `language` …), and what is wrong with it; nil when every value can.
    public func problem() -> (key: String, problem: String)? {
        func text(_ value: String?, _ key: String) -> (key: String, problem: String)? {
            guard let value else { return nil }
            if value.isEmpty { return (key, "must not be empty (leave it out)") }
            if value.unicodeScalars.contains("\0") { return (key, "must not hold U+0000") }
            if value.count > Self.longestText { return (key, "must be at most \(Self.longestText) characters") }
            return nil
        }
        let texts = [(title, "title"), (author, "author"), (subject, "subject"), (creator, "creator")]
        for (value, key) in texts { if let found = text(value, key) { return found } }
        for (index, keyword) in keywords.enumerated() {
            if let found = text(keyword, "keywords[\(index)]") { return found }
        }
        if let language, !Self.isLanguageTag(language) {
            return ("language", "must be a BCP 47 language tag such as en, de-CH or zh-Hant (it is \"\(language)\")")
        }
        if let created, Self.pdfDate(created) == nil {
            return (
                "created",
                "must be a date in ISO 8601: 2026-12-07, 2026-12-07T09:30 or 2026-12-07T09:30:00, with Z or +01:00 "
                    + "after the time or not (it is \"\(created)\")"
            )
        }
        return nil
    }

    /// Whether `tag` has the shape of a BCP 47 tag: a language of 2 to 8 letters, then subtags of 1
    /// to 8 letters and digits, separated by hyphens.
    package static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count),
            first.unicodeScalars.allSatisfy({ $0.isASCII && $0.properties.isAlphabetic })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count)
                && part.unicodeScalars.allSatisfy {
                    $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil)
                }
        }
    }

    /// `created` as a PDF date (ISO 32000-1 §7.9.4: `D:YYYYMMDDHHmmSS`, then `Z` or `+HH'mm` where
    /// a zone is given), nil when it is no date of the shapes ``created`` allows, or names no day or
    /// time there is (a 13th month, the 30th of February, a 25th hour).
    package static func pdfDate(_ created: String) -> String? {
        let scalars = Array(created.unicodeScalars)
        var index = 0
        func number(_ digits: Int, in range: ClosedRange<Int>) -> Int? {
            guard index + digits <= scalars.count else { return nil }
            var value = 0
            for scalar in scalars[index..<index + digits] {
                guard let digit = scalar.properties.numericType != nil && scalar.isASCII ? Int(String(scalar)) : nil
                else { return nil }
                value = value * 10 + digit
            }
            index += digits
            return range.contains(value) ? value : nil
        }
        func skip(_ scalar: Unicode.Scalar) -> Bool {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
            return true
        }
        guard let year = number(4, in: 0...9999), skip("-"), let month = number(2, in: 1...12), skip("-"),
            let day = number(2, in: 1...31)
        else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        guard day <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var zone = ""
        if skip("T") {
            guard let h = number(2, in: 0...23), skip(":"), let m = number(2, in: 0...59) else { return nil }
            (hour, minute) = (h, m)
            if skip(":") {
                guard let s = number(2, in: 0...59) else { return nil }
                second = s
            }
            if skip("Z") {
                zone = "Z"
            } else if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
                let sign = scalars[index]
                index += 1
                guard let zh = number(2, in: 0...23), skip(":"), let zm = number(2, in: 0...59) else { return nil }
                zone = "\(sign)\(padded(zh, 2))'\(padded(zm, 2))"
            }
        }
        guard index == scalars.count else { return nil }
        return "D:\(padded(year, 4))\(padded(month, 2))\(padded(day, 2))\(padded(hour, 2))\(padded(minute, 2))"
            + "\(padded(second, 2))\(zone)"
    }

    /// `value` in decimal, zeros before it to make `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }
}
