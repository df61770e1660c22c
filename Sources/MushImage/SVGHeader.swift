/// An SVG document's size, from its root element's `width`, `height` and `viewBox` attributes:
/// read with a small scanner over the prolog (an XML declaration, comments, a document type,
/// processing instructions) and the root start tag, never the whole document.
enum SVGHeader {
    /// What the scanner found.
    enum Scan {
        /// An SVG document's header.
        case header(ImageHeader)
        /// Not XML whose root element is `svg`.
        case notSVG
        /// The bytes end before the root element's start tag does: in it (`inRoot`) or before it.
        case cutShort(inRoot: Bool)
    }

    /// What `bytes` (a whole document or its start) say: an SVG document's header, not an SVG, or
    /// too few bytes to tell.
    ///
    /// The prolog is skipped as XML has it: a document type's quoted literals, comments and
    /// processing instructions may hold `]` and `>`, and only the `]` that closes its internal
    /// subset and the `>` after it end it.
    static func read(_ bytes: [UInt8]) throws(ImageProblem) -> Scan {
        var index = 0
        // A UTF-8 byte order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }
        func starts(_ text: String) -> Bool {
            let utf8 = Array(text.utf8)
            return index + utf8.count <= bytes.count && bytes[index..<index + utf8.count].elementsEqual(utf8)
        }
        func skip(past end: String) -> Bool {
            let utf8 = Array(end.utf8)
            while index + utf8.count <= bytes.count {
                if bytes[index..<index + utf8.count].elementsEqual(utf8) {
                    index += utf8.count
                    return true
                }
                index += 1
            }
            return false
        }
        // The prolog, up to the root element's start tag.
        while true {
            skipSpace()
            guard index < bytes.count else { return .cutShort(inRoot: false) }
            guard bytes[index] == UInt8(ascii: "<") else { return .notSVG }
            if starts("<?") {
                guard skip(past: "?>") else { return .cutShort(inRoot: false) }
            } else if starts("<!--") {
                guard skip(past: "-->") else { return .cutShort(inRoot: false) }
            } else if starts("<!DOCTYPE") || starts("<!doctype") {
                // A document type may hold an internal subset in brackets, whose declarations'
                // literals, comments and processing instructions may hold anything.
                var inSubset = false
                var ended = false
                index += 9
                while index < bytes.count, !ended {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        index += 1
                        while index < bytes.count, bytes[index] != byte { index += 1 }
                        index += 1
                    } else if inSubset, starts("<!--") {
                        guard skip(past: "-->") else { return .cutShort(inRoot: false) }
                    } else if inSubset, starts("<?") {
                        guard skip(past: "?>") else { return .cutShort(inRoot: false) }
                    } else {
                        if byte == UInt8(ascii: "[") { inSubset = true }
                        if byte == UInt8(ascii: "]") { inSubset = false }
                        if byte == UInt8(ascii: ">"), !inSubset { ended = true }
                        index += 1
                    }
                }
                guard ended else { return .cutShort(inRoot: false) }
            } else {
                break
            }
        }
        // The root element: `<svg` or a prefixed `<x:svg`.
        index += 1
        var name: [UInt8] = []
        while index < bytes.count,
            !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[index]))
        {
            name.append(bytes[index])
            index += 1
        }
        let local = name.split(separator: UInt8(ascii: ":")).last.map { Array($0) } ?? name
        if index >= bytes.count { return .cutShort(inRoot: local == Array("svg".utf8)) }
        guard local == Array("svg".utf8) else { return .notSVG }
        // Its attributes, up to the tag's end.
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < bytes.count else { return .cutShort(inRoot: true) }
            if bytes[index] == UInt8(ascii: ">") || bytes[index] == UInt8(ascii: "/") { break }
            var key: [UInt8] = []
            while index < bytes.count,
                ![UInt8(ascii: "="), 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">")].contains(bytes[index])
            {
                key.append(bytes[index])
                index += 1
            }
            skipSpace()
            guard index < bytes.count else { return .cutShort(inRoot: true) }
            guard bytes[index] == UInt8(ascii: "=") else { throw .damaged(.svg) }
            index += 1
            skipSpace()
            guard index < bytes.count else { return .cutShort(inRoot: true) }
            guard bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
                throw .damaged(.svg)
            }
            let quote = bytes[index]
            index += 1
            var value: [UInt8] = []
            while index < bytes.count, bytes[index] != quote {
                value.append(bytes[index])
                index += 1
            }
            guard index < bytes.count else { return .cutShort(inRoot: true) }
            index += 1
            attributes[String(decoding: key, as: UTF8.self)] = String(decoding: value, as: UTF8.self)
        }
        let width = attributes["width"].flatMap(length)
        let height = attributes["height"].flatMap(length)
        let box = attributes["viewBox"].flatMap(viewBox)
        switch (width, height, box) {
        case (let width?, let height?, _):
            return .header(ImageHeader(format: .svg, storedWidth: width, storedHeight: height))
        case (let width?, nil, let box?):
            return .header(ImageHeader(format: .svg, storedWidth: width, storedHeight: width * box.height / box.width))
        case (nil, let height?, let box?):
            return .header(
                ImageHeader(format: .svg, storedWidth: height * box.width / box.height, storedHeight: height))
        case (nil, nil, let box?):
            return .header(ImageHeader(format: .svg, storedWidth: box.width, storedHeight: box.height))
        default:
            // No size of its own: drawn at the size it is given.
            return .header(ImageHeader(format: .svg, storedWidth: 0, storedHeight: 0))
        }
    }

    /// An absolute length in points (CSS pixels: `px` or none, `pt`, `pc`, `in`, `cm`, `mm`),
    /// positive and finite; nil for a percentage, a relative unit or anything else.
    static func length(_ text: String) -> Double? {
        let trimmed = text.trimmingSpaces()
        // Points to the unit: 96 an inch, 72 points an inch, 6 picas an inch.
        let units: [(String, Double, Double)] = [
            ("px", 1, 1), ("pt", 96, 72), ("pc", 96, 6), ("in", 96, 1), ("cm", 96, 2.54), ("mm", 96, 25.4), ("", 1, 1),
        ]
        for (unit, points, per) in units where trimmed.hasSuffix(unit) {
            guard let number = Double(trimmed.dropLast(unit.count)), number.isFinite, number > 0 else { return nil }
            return number * points / per
        }
        return nil
    }

    /// A viewBox's width and height, both positive.
    static func viewBox(_ text: String) -> (width: Double, height: Double)? {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
            .compactMap { Double($0) }
        guard numbers.count == 4, numbers.allSatisfy(\.isFinite), numbers[2] > 0, numbers[3] > 0 else { return nil }
        return (numbers[2], numbers[3])
    }
}

extension String {
    /// The string without spaces, tabs and line breaks at either end.
    fileprivate func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        var text = self[...]
        while let first = text.first, isSpace(first) { text.removeFirst() }
        while let last = text.last, isSpace(last) { text.removeLast() }
        return text
    }
}
