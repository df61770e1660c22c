/// The other files an SVG image refers to: librsvg reads an SVG from its bytes, with no file to
/// resolve names from, so an `<image href="photo.png">` or a `<use href="icons.svg#star">` draws
/// nothing. They are found here (a scan of the start tags, not a parse), to be named in a warning.
enum SVGReferences {
    /// The elements whose `href` (or `xlink:href`) names a file to load.
    static let elements: Set<String> = ["image", "feImage", "use"]

    /// The references of `image`, `feImage` and `use` elements in `bytes` to anything but the
    /// document itself (`#id`) and `data:` URLs, in order, each once.
    static func external(in bytes: [UInt8]) -> [String] {
        var found: [String] = []
        var index = 0
        let count = bytes.count
        func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
        }
        while index < count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            index += 1
            let start = index
            while index < count, isNameByte(bytes[index]) { index += 1 }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            let local = name.split(separator: ":").last.map(String.init) ?? name
            guard elements.contains(local) else { continue }
            // The tag's attributes, up to its `>` (outside quotes).
            var quote: UInt8?
            var attributeStart = index
            while index < count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == open {
                        quote = nil
                        let value = String(decoding: bytes[attributeStart..<index], as: UTF8.self)
                        if let reference = reference(value, after: bytes[..<attributeStart]) { found.append(reference) }
                    }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                    attributeStart = index + 1
                } else if byte == UInt8(ascii: ">") {
                    break
                }
                index += 1
            }
        }
        var seen: Set<String> = []
        return found.filter { seen.insert($0).inserted }
    }

    /// The value of an attribute when it is an `href` (the bytes before it end `href="`, after
    /// spaces) naming another file; nil otherwise.
    private static func reference(_ value: String, after before: ArraySlice<UInt8>) -> String? {
        var end = before.endIndex - 1
        guard end >= before.startIndex else { return nil }
        // The quote, then spaces, `=`, spaces, the attribute's name.
        end -= 1
        while end >= before.startIndex, [0x20, 0x09, 0x0A, 0x0D].contains(before[end]) { end -= 1 }
        guard end >= before.startIndex, before[end] == UInt8(ascii: "=") else { return nil }
        end -= 1
        while end >= before.startIndex, [0x20, 0x09, 0x0A, 0x0D].contains(before[end]) { end -= 1 }
        let name = Array("href".utf8)
        guard end - name.count + 1 >= before.startIndex,
            before[(end - name.count + 1)...end].elementsEqual(name)
        else { return nil }
        // `href` itself or a prefixed `xlink:href`, not `myhref`.
        let preceding = end - name.count
        guard preceding < before.startIndex || [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":")].contains(before[preceding])
        else { return nil }
        let trimmed = value.trimmed(of: " \t\n\r")
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"), !trimmed.lowercased().hasPrefix("data:") else { return nil }
        return trimmed
    }
}

extension String {
    /// The string without the characters of `set` at either end.
    fileprivate func trimmed(of set: String) -> String {
        var text = self[...]
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return String(text)
    }
}
