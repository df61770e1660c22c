/// The tokens of CSS Grid's values, and the pieces they make that track lists, auto tracks and
/// placements share: numbers with their units, words, functions, brackets.
struct GridTokens {
    enum Token: Equatable {
        /// A number and its unit (`""`, `px`, `%`, `fr`).
        case number(Double, unit: String)
        /// A keyword or a name.
        case word(String)
        /// A function's name and its opening parenthesis (`minmax(`).
        case function(String)
        /// `[`, `]`, `)`, `,`, `/`.
        case open, closeBracket, close, comma, slash
    }

    private var tokens: [Token] = []
    private var position = 0
    /// What did not tokenize (a character no value holds), reported at the first read.
    private var problem: String?

    init(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar == "_" || scalar == "-" || scalar.value >= 0x80
        }
        func isName(_ scalar: Unicode.Scalar) -> Bool {
            isNameStart(scalar) || ("0"..."9").contains(scalar)
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            switch scalar {
            case "[": tokens.append(.open)
            case "]": tokens.append(.closeBracket)
            case ")": tokens.append(.close)
            case ",": tokens.append(.comma)
            case "/": tokens.append(.slash)
            default:
                let startsNumber =
                    ("0"..."9").contains(scalar) || scalar == "."
                    || ((scalar == "-" || scalar == "+") && index + 1 < scalars.count
                        && (("0"..."9").contains(scalars[index + 1]) || scalars[index + 1] == "."))
                if startsNumber {
                    var end = index + 1
                    while end < scalars.count, ("0"..."9").contains(scalars[end]) || scalars[end] == "." { end += 1 }
                    let digits = String(String.UnicodeScalarView(scalars[index..<end]))
                    var unitEnd = end
                    if unitEnd < scalars.count, scalars[unitEnd] == "%" {
                        unitEnd += 1
                    } else {
                        while unitEnd < scalars.count, scalars[unitEnd].properties.isAlphabetic { unitEnd += 1 }
                    }
                    let unit = String(String.UnicodeScalarView(scalars[end..<unitEnd])).lowercased()
                    guard let value = Double(digits), value.isFinite else {
                        problem = problem ?? "'\(digits)' is not a number"
                        index = unitEnd
                        continue
                    }
                    tokens.append(.number(value, unit: unit))
                    index = unitEnd
                    continue
                }
                guard isNameStart(scalar) else {
                    problem = problem ?? "unexpected '\(scalar)'"
                    index += 1
                    continue
                }
                var end = index + 1
                while end < scalars.count, isName(scalars[end]) { end += 1 }
                let word = String(String.UnicodeScalarView(scalars[index..<end]))
                if end < scalars.count, scalars[end] == "(" {
                    tokens.append(.function(word.lowercased()))
                    end += 1
                } else {
                    tokens.append(.word(word))
                }
                index = end
                continue
            }
            index += 1
        }
    }

    var peek: Token? { position < tokens.count ? tokens[position] : nil }

    @discardableResult
    mutating func next() -> Token? {
        defer { position += 1 }
        return peek
    }

    mutating func expect(_ token: Token, _ context: String) throws(GridSyntaxError) {
        try checkProblem()
        guard next() == token else { throw GridSyntaxError("expected \(Self.describe(token)) \(context)") }
    }

    mutating func expectEnd(_ context: String) throws(GridSyntaxError) {
        try checkProblem()
        if let extra = peek { throw GridSyntaxError("unexpected \(Self.describe(extra)) \(context)") }
    }

    private func checkProblem() throws(GridSyntaxError) {
        if let problem { throw GridSyntaxError(problem) }
    }

    /// `[name …]`, or nil where the next token is no `[`.
    mutating func lineNames() throws(GridSyntaxError) -> [String]? {
        try checkProblem()
        guard peek == .open else { return nil }
        next()
        var names: [String] = []
        while true {
            switch next() {
            case .word(let name):
                guard !Self.reserved.contains(name.lowercased()) else {
                    throw GridSyntaxError("'\(name)' cannot name a line")
                }
                names.append(name)
            case .closeBracket?: return names
            case let other:
                throw GridSyntaxError("a line name list holds names and ends with ']', not \(Self.describe(other))")
            }
        }
    }

    /// A `<track-size>`.
    mutating func trackSize() throws(GridSyntaxError) -> GridTrackSize {
        try checkProblem()
        switch peek {
        case .function("minmax"):
            next()
            let minimum = try breadth("minmax()'s minimum")
            if case .fraction = minimum {
                throw GridSyntaxError("minmax()'s minimum cannot be flexible (fr)")
            }
            try expect(.comma, "between minmax()'s minimum and maximum")
            let maximum = try breadth("minmax()'s maximum")
            try expect(.close, "to close minmax()")
            return .minmax(minimum, maximum)
        case .function("fit-content"):
            next()
            let limit = try breadth("fit-content()'s limit")
            guard limit.isFixed else { throw GridSyntaxError("fit-content() takes a length or a percentage") }
            try expect(.close, "to close fit-content()")
            return .fitContent(limit)
        default:
            return .breadth(try breadth("a track size"))
        }
    }

    /// A `<track-breadth>`: a length, a percentage, a flex factor or a keyword.
    mutating func breadth(_ context: String) throws(GridSyntaxError) -> GridBreadth {
        try checkProblem()
        switch next() {
        case .number(let value, let unit)?:
            switch unit {
            case "", "px":
                guard (0...1_000_000).contains(value) else {
                    throw GridSyntaxError(
                        "\(context): a length is from 0 to 1000000 points (it is \(Self.format(value)))")
                }
                return .points(value)
            case "%":
                guard (0...10_000).contains(value) else {
                    throw GridSyntaxError("\(context): a percentage is from 0 to 10000 (it is \(Self.format(value))%)")
                }
                return .percent(value)
            case "fr":
                guard (0...1_000_000).contains(value) else {
                    throw GridSyntaxError(
                        "\(context): a flex factor is from 0 to 1000000 (it is \(Self.format(value))fr)")
                }
                return .fraction(value)
            default:
                throw GridSyntaxError(
                    "\(context): '\(Self.format(value))\(unit)' has a unit grids do not take (px, %, fr)")
            }
        case .word(let word)?:
            switch word.lowercased() {
            case "auto": return .auto
            case "min-content": return .minContent
            case "max-content": return .maxContent
            default:
                throw GridSyntaxError(
                    "\(context): expected a length, a percentage, Nfr, auto, min-content or max-content, not '\(word)'")
            }
        case let other:
            throw GridSyntaxError(
                "\(context): expected a length, a percentage, Nfr, auto, min-content or max-content, not \(Self.describe(other))"
            )
        }
    }

    /// Words that name no line (CSS's `<custom-ident>` excludes them here).
    static let reserved: Set<String> = ["span", "auto", "inherit", "initial", "unset", "default"]

    static func describe(_ token: Token?) -> String {
        switch token {
        case nil: "the end"
        case .number(let value, let unit)?: "'\(format(value))\(unit)'"
        case .word(let word)?: "'\(word)'"
        case .function(let name)?: "'\(name)('"
        case .open?: "'['"
        case .closeBracket?: "']'"
        case .close?: "')'"
        case .comma?: "','"
        case .slash?: "'/'"
        }
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func css(_ breadth: GridBreadth) -> String {
        switch breadth {
        case .points(let value): format(value) + "px"
        case .percent(let value): format(value) + "%"
        case .fraction(let value): format(value) + "fr"
        case .auto: "auto"
        case .minContent: "min-content"
        case .maxContent: "max-content"
        }
    }

    static func css(_ size: GridTrackSize) -> String {
        switch size {
        case .breadth(let breadth): css(breadth)
        case .minmax(let minimum, let maximum): "minmax(\(css(minimum)), \(css(maximum)))"
        case .fitContent(let limit): "fit-content(\(css(limit)))"
        }
    }
}
