/// The Mush parser: one left-to-right pass that finds escapes, code spans, brace spans and delimiter
/// runs; CommonMark's delimiter algorithm, run once per closed brace span and once at the end; and a
/// last pass that writes the text and its runs.
///
/// Every step is linear in the input: the backtick index answers closer queries with cursors that
/// only move forward, brace specs are scanned no further than the next brace, delimiter matching
/// keeps CommonMark's "openers bottom" per marker, and nothing recurses.
struct Parser {
    private let input: [Unicode.Scalar]
    private var nodes: [Node] = []
    private var delimiters: [Delimiter] = []
    /// The newest delimiter still on the stack, or -1.
    private var lastDelimiter = -1
    private var openBraces: [OpenBrace] = []
    private var specs: [BraceSpec?] = []
    private var diagnostics: [MushDiagnostic]
    private var backticks: BacktickIndex?

    init(_ input: [Unicode.Scalar], diagnostics: [MushDiagnostic] = []) {
        self.input = input
        self.diagnostics = diagnostics
    }

    /// A piece of the input in order: literal text, a code span's content, a delimiter run, or a
    /// brace span's `{SPEC|` or `}`.
    private struct Node {
        enum Kind: UInt8 { case text, code, delimiter, braceOpen, braceClose }
        var kind: Kind
        /// A brace opener that found its `}` (a closer node exists only when matched).
        var matched = false
        var start: Int
        var end: Int
        /// Delimiter: characters used to open, taken from the run's end.
        var openUsed = 0
        /// Delimiter: characters used to close, taken from the run's start.
        var closeUsed = 0
        /// Delimiter: index in `delimiters`; brace opener: index in `specs`.
        var payload = -1
    }

    /// An entry of CommonMark's delimiter stack, a doubly linked list over this array whose indices
    /// increase along the list.
    private struct Delimiter {
        var node: Int
        var token: MushToken
        var canOpen: Bool
        var canClose: Bool
        var remaining: Int
        var previous: Int
        var next = -1
    }

    private struct OpenBrace {
        var node: Int
        /// The newest delimiter before the span: the span's delimiters are the ones after it.
        var delimiterBottom: Int
        /// An invalid-value warning, reported only if the span closes (else it is literal text).
        var pending: MushDiagnostic?
    }

    mutating func parse() -> MushDocument {
        tokenize()
        processEmphasis(above: -1)
        for open in openBraces {
            let node = nodes[open.node]
            diagnostics.append(
                MushDiagnostic(
                    kind: .unclosedBraceSpan,
                    message:
                        "unclosed brace span '\(BraceSpec.quoted(input[node.start..<node.end]))' (no matching '}')",
                    range: node.start..<node.end))
        }
        reportUnmatchedDelimiters()
        diagnostics.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return emit()
    }

    // MARK: - Tokenizing

    private mutating func tokenize() {
        let count = input.count
        var i = 0
        var textStart = 0
        while i < count {
            if let token = MushToken(character: input[i]) {
                switch token.pairing {
                case .fence:
                    var end = i + 1
                    while end < count, input[end] == token.character { end += 1 }
                    addText(textStart, i)
                    i = codeSpan(from: i, to: end)
                    textStart = i
                case .doubled:
                    var end = i + 1
                    while end < count, input[end] == token.character { end += 1 }
                    if end - i >= 2, let flanking = delimiterFlanking(token, i, end) {
                        addText(textStart, i)
                        pushDelimiter(token, i, end, flanking)
                        textStart = end
                    }
                    i = end
                }
                continue
            }
            switch input[i] {
            case "\\":
                guard i + 1 < count, CharacterClass.isASCIIPunctuation(input[i + 1]) else {
                    i += 1
                    continue
                }
                addText(textStart, i)
                addText(i + 1, i + 2)
                i += 2
                textStart = i
            case "{":
                guard let (bar, reading) = braceSpec(at: i) else {
                    i += 1
                    continue
                }
                addText(textStart, i)
                pushBrace(i, bar, reading)
                i = bar + 1
                textStart = i
            case "}" where !openBraces.isEmpty:
                addText(textStart, i)
                closeBrace(at: i)
                i += 1
                textStart = i
            default:
                i += 1
            }
        }
        addText(textStart, count)
    }

    private mutating func addText(_ start: Int, _ end: Int) {
        if start < end { nodes.append(Node(kind: .text, start: start, end: end)) }
    }

    /// A backtick run `start..<end` opens a code span if a run of the same length follows; returns
    /// where scanning goes on.
    private mutating func codeSpan(from start: Int, to end: Int) -> Int {
        let length = end - start
        if backticks == nil { backticks = BacktickIndex(input) }
        guard let closer = backticks!.closer(length: length, from: end) else {
            diagnostics.append(
                MushDiagnostic(
                    kind: .unmatchedBackticks,
                    message:
                        "unmatched '\(String(repeating: String(MushToken.code.character), count: min(length, 40)))' (no closing run of \(length) backtick\(length == 1 ? "" : "s"))",
                    range: start..<end))
            addText(start, end)
            return end
        }
        var contentStart = end
        var contentEnd = closer
        if CodeSpan.stripsPadding(input[contentStart..<contentEnd]) {
            contentStart += 1
            contentEnd -= 1
        }
        if contentStart < contentEnd { nodes.append(Node(kind: .code, start: contentStart, end: contentEnd)) }
        return closer + length
    }

    /// How a delimiter run can be used, or nil when it can neither open nor close (plain text).
    private func delimiterFlanking(_ token: MushToken, _ start: Int, _ end: Int) -> Flanking? {
        let flanking = Flanking(
            token: token,
            before: start > 0 ? input[start - 1] : nil,
            after: end < input.count ? input[end] : nil)
        return flanking.canOpen || flanking.canClose ? flanking : nil
    }

    /// Adds the run's node and pushes it on the delimiter stack.
    private mutating func pushDelimiter(_ token: MushToken, _ start: Int, _ end: Int, _ flanking: Flanking) {
        let index = delimiters.count
        delimiters.append(
            Delimiter(
                node: nodes.count, token: token,
                canOpen: flanking.canOpen, canClose: flanking.canClose,
                remaining: end - start, previous: lastDelimiter))
        if lastDelimiter >= 0 { delimiters[lastDelimiter].next = index }
        lastDelimiter = index
        nodes.append(Node(kind: .delimiter, start: start, end: end, payload: index))
    }

    /// A `{` opens a brace span when a recognised prefix follows and the spec reaches a `|` with no
    /// `{`, `}` or line break inside. Returns the index of the `|` and what the spec says when it
    /// does; reports an unknown spec, which stays literal.
    private mutating func braceSpec(at brace: Int) -> (bar: Int, reading: BraceSpec.Reading)? {
        guard let bar = BraceSpec.bar(in: input, after: brace) else { return nil }
        let reading = BraceSpec.read(input[(brace + 1)..<bar])
        guard reading != .unknown else {
            diagnostics.append(
                MushDiagnostic(
                    kind: .unknownBraceSpec,
                    message:
                        "unknown brace spec '\(BraceSpec.quoted(input[(brace + 1)..<bar]))' (expected #, bg#, k or font:); kept as text",
                    range: brace..<(bar + 1)))
            return nil
        }
        return (bar, reading)
    }

    /// Adds the opener's node and pushes it on the brace stack.
    private mutating func pushBrace(_ brace: Int, _ bar: Int, _ reading: BraceSpec.Reading) {
        var pending: MushDiagnostic?
        switch reading {
        case .valid(let spec):
            specs.append(spec)
        case .invalid(let kind, let message):
            specs.append(nil)
            pending = MushDiagnostic(kind: kind, message: message + "; the span sets nothing", range: brace..<(bar + 1))
        case .unknown:
            preconditionFailure("an unknown spec does not open a span")
        }
        openBraces.append(OpenBrace(node: nodes.count, delimiterBottom: lastDelimiter, pending: pending))
        nodes.append(Node(kind: .braceOpen, start: brace, end: bar + 1, payload: specs.count - 1))
    }

    private mutating func closeBrace(at position: Int) {
        let open = openBraces.removeLast()
        nodes[open.node].matched = true
        nodes.append(Node(kind: .braceClose, matched: true, start: position, end: position + 1))
        if let pending = open.pending { diagnostics.append(pending) }
        // Delimiters inside the span match only each other.
        processEmphasis(above: open.delimiterBottom)
    }

    // MARK: - Delimiters

    /// CommonMark's "process emphasis" over the delimiters newer than `bottom`, which are then
    /// removed from the stack. Only pairs of two markers match (Mush has no single-marker emphasis),
    /// so CommonMark's "rule of three" does not apply.
    private mutating func processEmphasis(above bottom: Int) {
        var first = -1
        var cursor = lastDelimiter
        while cursor > bottom {
            first = cursor
            cursor = delimiters[cursor].previous
        }
        var openersBottom = [Int](repeating: bottom, count: MushToken.allCases.count)
        var closer = first
        while closer != -1 {
            let current = delimiters[closer]
            guard current.canClose else {
                closer = current.next
                continue
            }
            let token = current.token
            let floor = max(bottom, openersBottom[token.rawValue])
            var opener = current.previous
            while opener > floor {
                let candidate = delimiters[opener]
                if candidate.token == token, candidate.canOpen { break }
                opener = candidate.previous
            }
            if opener > floor {
                delimiters[opener].remaining -= 2
                nodes[delimiters[opener].node].openUsed += 2
                delimiters[closer].remaining -= 2
                nodes[current.node].closeUsed += 2
                // Unmatched delimiters between a matched pair become literal.
                var between = delimiters[opener].next
                while between != closer {
                    let next = delimiters[between].next
                    remove(between)
                    between = next
                }
                if delimiters[opener].remaining < 2 { remove(opener) }
                if delimiters[closer].remaining < 2 {
                    let next = delimiters[closer].next
                    remove(closer)
                    closer = next
                }
            } else {
                openersBottom[token.rawValue] = current.previous
                if !current.canOpen { remove(closer) }
                closer = current.next
            }
        }
        cursor = lastDelimiter
        while cursor > bottom {
            let previous = delimiters[cursor].previous
            remove(cursor)
            cursor = previous
        }
    }

    private mutating func remove(_ index: Int) {
        let entry = delimiters[index]
        if entry.previous >= 0 { delimiters[entry.previous].next = entry.next }
        if entry.next >= 0 { delimiters[entry.next].previous = entry.previous }
        if lastDelimiter == index { lastDelimiter = entry.previous }
        delimiters[index].previous = -1
        delimiters[index].next = -1
    }

    private mutating func reportUnmatchedDelimiters() {
        for node in nodes where node.kind == .delimiter {
            let left = node.end - node.start - node.openUsed - node.closeUsed
            guard left >= 2 else { continue }
            let shown = String(repeating: String(delimiters[node.payload].token.character), count: min(left, 40))
            diagnostics.append(
                MushDiagnostic(
                    kind: .unmatchedDelimiter,
                    message: "unmatched '\(shown)' (kept as text)",
                    range: (node.start + node.closeUsed)..<(node.end - node.openUsed)))
        }
    }

    // MARK: - Output

    private func emit() -> MushDocument {
        // UTF-8 bytes, made a String once at the end: appending slices to a String's scalar view
        // costs time in the size of the whole string, which made the parser quadratic.
        var text: [UInt8] = []
        text.reserveCapacity(input.count)
        var length = 0
        var runs: [MushRun] = []
        // How many pairs of each doubled token are open.
        var depth = [Int](repeating: 0, count: MushToken.allCases.count)
        // The open tokens' flags and the open brace spans' values, kept up to date node by node (the
        // flags change only at delimiters, so text nodes cost no key-path writes).
        var current = MushAttributes()
        var saved: [MushAttributes] = []

        func open(_ token: MushToken, _ pairs: Int) {
            depth[token.rawValue] += pairs
            current[keyPath: token.attribute] = depth[token.rawValue] > 0
        }

        func append(_ start: Int, _ end: Int, _ attributes: MushAttributes) {
            guard start < end else { return }
            for scalar in input[start..<end] {
                if scalar.isASCII {
                    text.append(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    UTF8.encode(scalar) { text.append($0) }
                }
            }
            let newLength = length + (end - start)
            if let last = runs.last, last.attributes == attributes {
                runs[runs.count - 1].range = last.range.lowerBound..<newLength
            } else {
                runs.append(MushRun(range: length..<newLength, attributes: attributes))
            }
            length = newLength
        }

        for node in nodes {
            switch node.kind {
            case .text:
                append(node.start, node.end, current)
            case .code:
                var code = current
                code[keyPath: MushToken.code.attribute] = true
                append(node.start, node.end, code)
            case .delimiter:
                let token = delimiters[node.payload].token
                if node.closeUsed > 0 { open(token, -node.closeUsed / 2) }
                append(node.start + node.closeUsed, node.end - node.openUsed, current)
                if node.openUsed > 0 { open(token, node.openUsed / 2) }
            case .braceOpen:
                if node.matched {
                    saved.append(current)
                    specs[node.payload]?.apply(to: &current)
                } else {
                    append(node.start, node.end, current)
                }
            case .braceClose:
                // The span's values end. Its delimiters matched only each other, so the tokens open
                // now are those open at its `{`: restoring the flags too is right.
                current = saved.removeLast()
            }
        }
        return MushDocument(checkedText: String(decoding: text, as: UTF8.self), runs: runs, diagnostics: diagnostics)
    }
}
