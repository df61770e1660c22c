/// Why a document cannot be written as Mush. Nothing is dropped silently: a value Mush cannot carry
/// is an error.
public enum MushWriteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A font family that is empty or holds `{`, `}`, `|` or a line break, which a brace spec cannot.
    case unrepresentableFontFamily(String)
    /// A kerning outside `MushLimits.kern` (or not finite), which the parser would not read back.
    case invalidKern(Double)
    /// A font size outside `MushLimits.fontSize` (or not finite), which the parser would not read
    /// back.
    case invalidFontSize(Double)

    public var description: String {
        switch self {
        case .unrepresentableFontFamily(let family):
            "font family '\(family)' cannot be written in Mush (it is empty or holds '{', '}', '|' or a line break)"
        case .invalidKern(let kern):
            "kerning \(kern) cannot be written in Mush (it must be \(MushLimits.describe(MushLimits.kern)))"
        case .invalidFontSize(let size):
            "font size \(size) cannot be written in Mush (it must be \(MushLimits.describe(MushLimits.fontSize)))"
        }
    }
}

extension MushDocument {
    /// Writes the document as Mush, such that ``Mush/parse(_:)`` of the result gives back exactly
    /// this text and these runs.
    ///
    /// Literal marker characters are escaped only where the parser would read them as markup. A style
    /// whose delimiters would not be flanking where they stand (bold text ending in a space, an
    /// underline inside a word) is wrapped in the neutral span `{font:,|…}`, which sets nothing.
    public func mush() throws(MushWriteError) -> String {
        for run in runs { try MushWriter.check(run.attributes) }
        return MushWriter(text: Array(text.unicodeScalars), nesting: RunNesting(runs)).write()
    }
}

struct MushWriter {
    private let text: [Unicode.Scalar]
    private let nesting: RunNesting

    init(text: [Unicode.Scalar], nesting: RunNesting) {
        self.text = text
        self.nesting = nesting
    }

    static func check(_ attributes: MushAttributes) throws(MushWriteError) {
        if let family = attributes.fontFamily {
            if family.isEmpty || family.unicodeScalars.contains(where: BraceSpec.isExcluded) {
                throw .unrepresentableFontFamily(family)
            }
        }
        if let kern = attributes.kern, !MushLimits.kern.contains(kern) { throw .invalidKern(kern) }
        if let size = attributes.fontSize, !MushLimits.fontSize.contains(size) { throw .invalidFontSize(size) }
    }

    private struct Atom {
        enum Kind: UInt8 { case literal, markup, code }
        var scalar: Unicode.Scalar
        var kind: Kind
        var escaped = false
    }

    /// An emphasis delimiter in the output: two markup atoms from `start`.
    private struct Delimiter {
        var start: Int
        var group: Int
        var opens: Bool
        var token: MushToken
    }

    func write() -> String {
        // Neutral-wrapped ("safe") groups: their delimiters sit between `|`/`{` or `}`/`}`, which
        // makes them flanking whatever surrounds them. A group is made safe only when its plain form
        // fails; making one safe changes its neighbours, so check again, a bounded number of times.
        var safe = [Bool](repeating: false, count: nesting.groups.count)
        var atoms: [Atom] = []
        for round in 0... {
            let (serialized, delimiters) = serialize(safe: safe)
            atoms = serialized
            var changed = false
            for delimiter in delimiters where !safe[delimiter.group] {
                let before = delimiter.start > 0 ? atoms[delimiter.start - 1].scalar : nil
                let after = delimiter.start + 2 < atoms.count ? atoms[delimiter.start + 2].scalar : nil
                let flanking = Flanking(token: delimiter.token, before: before, after: after)
                if delimiter.opens ? !flanking.canOpen : !flanking.canClose {
                    safe[delimiter.group] = true
                    changed = true
                }
            }
            if !changed { break }
            if round == 3 {
                for group in nesting.groups.indices where Self.isEmphasis(nesting.groups[group]) { safe[group] = true }
            }
        }
        escapeMarkerRuns(&atoms)
        escapeBacktickRuns(&atoms)
        escapeBraces(&atoms)
        escapeBackslashes(&atoms)
        var result = String.UnicodeScalarView()
        for atom in atoms {
            if atom.escaped { result.append("\\") }
            result.append(atom.scalar)
        }
        return String(result)
    }

    private static func isEmphasis(_ group: [Wrapper]) -> Bool {
        if case .emphasis = group[0] { return true }
        return false
    }

    // MARK: - Serializing

    private func serialize(safe: [Bool]) -> ([Atom], [Delimiter]) {
        var atoms: [Atom] = []
        atoms.reserveCapacity(text.count + text.count / 4)
        var delimiters: [Delimiter] = []
        var braceDepth = 0
        func markup(_ string: String) {
            for scalar in string.unicodeScalars { atoms.append(Atom(scalar: scalar, kind: .markup)) }
        }
        let neutral = "{font:,|"
        for event in nesting.events {
            switch event {
            case .open(let group), .close(let group):
                let opens = if case .open = event { true } else { false }
                let wrappers = nesting.groups[group]
                if case .emphasis(let token) = wrappers[0] {
                    if safe[group] { markup(opens ? neutral : "}") }
                    delimiters.append(Delimiter(start: atoms.count, group: group, opens: opens, token: token))
                    markup(token.marker)
                    if safe[group] { markup(opens ? neutral : "}") }
                    braceDepth += safe[group] ? (opens ? 2 : -2) : 0
                } else {
                    markup(opens ? "{" + Self.spec(wrappers) + "|" : "}")
                    braceDepth += opens ? 1 : -1
                }
            case .text(let range, let monospace):
                if monospace {
                    appendCodeSpan(text[range], to: &atoms)
                } else {
                    for scalar in text[range] {
                        // A literal `}` inside a span would close it.
                        atoms.append(Atom(scalar: scalar, kind: .literal, escaped: scalar == "}" && braceDepth > 0))
                    }
                }
            }
        }
        return (atoms, delimiters)
    }

    /// The brace spec of a group of value wrappers (`#ff0000`, `bg#…`, `k2`, `font:F,S`).
    private static func spec(_ wrappers: [Wrapper]) -> String {
        var family = ""
        var size = ""
        for wrapper in wrappers {
            guard case .value(let value) = wrapper else { preconditionFailure("a token is not a brace span") }
            switch value {
            case .color(let color): return color.hex
            case .backgroundColor(let color): return "bg" + color.hex
            case .kern(let kern): return "k" + decimalString(kern)
            case .fontFamily(let name): family = name
            case .fontSize(let points): size = decimalString(points)
            }
        }
        return "font:" + family + "," + size
    }

    /// A code span around `content`, with a backtick run length that occurs nowhere in it, and one
    /// space of padding at each end where the parser would otherwise misread the ends.
    private func appendCodeSpan(_ content: ArraySlice<Unicode.Scalar>, to atoms: inout [Atom]) {
        var lengths = Set<Int>()
        let backtick = MushToken.code.character
        var run = 0
        for scalar in content {
            if scalar == backtick {
                run += 1
            } else if run > 0 {
                lengths.insert(run)
                run = 0
            }
        }
        if run > 0 { lengths.insert(run) }
        var fence = 1
        while lengths.contains(fence) { fence += 1 }
        // Pad when the content starts or ends with a backtick (it would join the fence), or when the
        // parser would strip it; padded, the parser strips exactly the padding.
        let pad = content.first == backtick || content.last == backtick || CodeSpan.stripsPadding(content)
        for _ in 0..<fence { atoms.append(Atom(scalar: backtick, kind: .code)) }
        if pad { atoms.append(Atom(scalar: " ", kind: .code)) }
        for scalar in content { atoms.append(Atom(scalar: scalar, kind: .code)) }
        if pad { atoms.append(Atom(scalar: " ", kind: .code)) }
        for _ in 0..<fence { atoms.append(Atom(scalar: backtick, kind: .code)) }
    }

    // MARK: - Escaping

    /// Literal characters of doubled markers (`*`, `/`, `_`, `~`) are escaped when they touch a
    /// delimiter of the same character, or form a run of two or more that could open or close.
    private func escapeMarkerRuns(_ atoms: inout [Atom]) {
        var index = 0
        while index < atoms.count {
            let marker = atoms[index].scalar
            guard atoms[index].kind != .code, let token = MushToken(character: marker), case .doubled = token.pairing
            else {
                index += 1
                continue
            }
            var end = index
            var hasMarkup = false
            while end < atoms.count, atoms[end].kind != .code, atoms[end].scalar == marker {
                hasMarkup = hasMarkup || atoms[end].kind == .markup
                end += 1
            }
            var escape = hasMarkup
            if !hasMarkup, end - index >= 2 {
                let flanking = Flanking(
                    token: token,
                    before: index > 0 ? atoms[index - 1].scalar : nil,
                    after: end < atoms.count ? atoms[end].scalar : nil)
                escape = flanking.canOpen || flanking.canClose
            }
            if escape {
                for position in index..<end where atoms[position].kind == .literal { atoms[position].escaped = true }
            }
            index = end
        }
    }

    /// A literal backtick run is escaped when it touches a code span's fence, or when a later run of
    /// the same length exists anywhere in the output (the parser would take it as a closer). "Later
    /// runs" are counted as written: a backslash splits a run, so an escaped run of two backticks
    /// stands as two runs of one.
    private func escapeBacktickRuns(_ atoms: inout [Atom]) {
        let backtick = MushToken.code.character
        var runs: [(start: Int, end: Int, allLiteral: Bool)] = []
        var index = 0
        while index < atoms.count {
            guard atoms[index].scalar == backtick else {
                index += 1
                continue
            }
            let start = index
            var allLiteral = true
            while index < atoms.count, atoms[index].scalar == backtick {
                allLiteral = allLiteral && atoms[index].kind == .literal
                index += 1
            }
            runs.append((start, index, allLiteral))
        }
        var laterLengths = Set<Int>()
        for run in runs.reversed() {
            if !run.allLiteral || laterLengths.contains(run.end - run.start) {
                for position in run.start..<run.end where atoms[position].kind == .literal {
                    atoms[position].escaped = true
                }
            }
            var length = 0
            for position in run.start..<run.end {
                if atoms[position].escaped, length > 0 {
                    laterLengths.insert(length)
                    length = 0
                }
                length += 1
            }
            laterLengths.insert(length)
        }
    }

    /// A literal `{` is escaped when what follows would read as a recognised brace spec up to a `|`.
    /// (`}` inside spans was marked while serializing.)
    private func escapeBraces(_ atoms: inout [Atom]) {
        let scalars = atoms.lazy.map(\.scalar)
        for index in atoms.indices where atoms[index].kind == .literal && atoms[index].scalar == "{" {
            guard let bar = BraceSpec.bar(in: scalars, after: index) else { continue }
            if BraceSpec.read(ArraySlice(scalars[(index + 1)..<bar])) != .unknown { atoms[index].escaped = true }
        }
    }

    /// A literal backslash is escaped when the character written after it is ASCII punctuation
    /// (including another escape's backslash). Right to left, so that decision is known.
    private func escapeBackslashes(_ atoms: inout [Atom]) {
        for index in atoms.indices.reversed() where atoms[index].kind == .literal && atoms[index].scalar == "\\" {
            guard index + 1 < atoms.count else { continue }
            let next = atoms[index + 1]
            if next.escaped || CharacterClass.isASCIIPunctuation(next.scalar) { atoms[index].escaped = true }
        }
    }
}

/// A finite number as a plain decimal (no exponent), the shortest that reads back as the same value:
/// `2`, `-0.5`, `0.0000001`.
func decimalString(_ value: Double) -> String {
    var description = "\(value)"
    var negative = false
    if description.hasPrefix("-") {
        negative = true
        description.removeFirst()
    }
    var exponent = 0
    if let e = description.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        exponent = Int(description[description.index(after: e)...]) ?? 0
        description = String(description[..<e])
    }
    let parts = description.split(separator: ".", omittingEmptySubsequences: false)
    var digits = String(parts[0])
    var pointPosition = digits.count + exponent
    if parts.count > 1 { digits += parts[1] }
    // Trim leading zeros, keeping the point in place.
    while digits.count > 1, digits.first == "0" {
        digits.removeFirst()
        pointPosition -= 1
    }
    while digits.hasSuffix("0"), digits.count > max(pointPosition, 1) { digits.removeLast() }
    var result: String
    if pointPosition <= 0 {
        result = "0." + String(repeating: "0", count: -pointPosition) + digits
    } else if pointPosition >= digits.count {
        result = digits + String(repeating: "0", count: pointPosition - digits.count)
    } else {
        let split = digits.index(digits.startIndex, offsetBy: pointPosition)
        result = digits[..<split] + "." + digits[split...]
    }
    if result.hasPrefix("0."), result.dropFirst(2).allSatisfy({ $0 == "0" }) { result = "0" }
    return negative ? "-" + result : result
}
