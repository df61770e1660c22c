/// Mush's paired markers, one row each: the one table that the tokenizer, the parser's output, the
/// writers (Mush, HTML, ANSI, JSON, `AttributedString`), ``Mush/escapeAll(_:)`` and the diagnostics
/// read.
///
/// Adding a token is adding a case and its row in ``row``; every `switch` over the tokens that the
/// compiler then reports (the `AttributedString` key, the attribute's flag) is the rest.
enum MushToken: Int, CaseIterable, Sendable {
    case bold, italic, underline, strikethrough, code

    /// How a token's markers pair up.
    enum Pairing: Equatable, Sendable {
        /// A doubled character (`**`), matched by CommonMark's delimiter algorithm under the given
        /// flanking rule; two characters from each side make a pair.
        case doubled(FlankingRule)
        /// A fence: a run of n characters opens, the next run of exactly n closes, and the content
        /// between is literal (a code span).
        case fence
    }

    /// The flanking rule of a doubled marker, beyond CommonMark's left and right flanking.
    enum FlankingRule: Equatable, Sendable {
        /// CommonMark's rule for `*`.
        case standard
        /// CommonMark's stricter rule for `_`: no intraword emphasis.
        case notIntraword
        /// Never a delimiter right after `:`, so that URLs (`http://`) stay text.
        case notAfterColon
    }

    /// One row of the table.
    struct Row: Sendable {
        /// The character the markers are made of.
        let character: Unicode.Scalar
        /// How the markers pair up.
        let pairing: Pairing
        /// The attribute the token sets.
        let attribute: WritableKeyPath<MushAttributes, Bool> & Sendable
        /// The attribute's name: its JSON key, and its `AttributedString` key after `mush.`.
        let name: String
        /// The HTML element that shows it.
        let htmlTag: String
        /// The SGR parameters that show it in a terminal.
        let sgr: String
    }

    /// The table's row for this token.
    var row: Row { Self.rows[rawValue] }

    private static let rows: [Row] = allCases.map(\.definition)
    // The columns the parser and writers read for every marker or run, kept apart so that reading
    // one copies no row.
    private static let characters: [Unicode.Scalar] = rows.map(\.character)
    private static let pairings: [Pairing] = rows.map(\.pairing)
    private static let attributes: [WritableKeyPath<MushAttributes, Bool> & Sendable] = rows.map(\.attribute)

    /// The table.
    private var definition: Row {
        switch self {
        case .bold:
            Row(character: "*", pairing: .doubled(.standard), attribute: \.bold, name: "bold", htmlTag: "b", sgr: "1")
        case .italic:
            Row(
                character: "/", pairing: .doubled(.notAfterColon), attribute: \.italic, name: "italic", htmlTag: "i",
                sgr: "3")
        case .underline:
            Row(
                character: "_", pairing: .doubled(.notIntraword), attribute: \.underline, name: "underline",
                htmlTag: "u", sgr: "4")
        case .strikethrough:
            Row(
                character: "~", pairing: .doubled(.standard), attribute: \.strikethrough, name: "strikethrough",
                htmlTag: "s", sgr: "9")
        case .code:
            // Inverse video: every terminal shows it, whatever its colours, and it does not fight
            // bold over the intensity as faint (2) would.
            Row(
                character: "`", pairing: .fence, attribute: \.monospace, name: "monospace", htmlTag: "code",
                sgr: "7")
        }
    }

    /// The character the markers are made of: `*`, `/`, `_`, `~` or a backtick.
    var character: Unicode.Scalar { Self.characters[rawValue] }

    /// How the markers pair up.
    var pairing: Pairing { Self.pairings[rawValue] }

    /// The attribute the token sets.
    var attribute: WritableKeyPath<MushAttributes, Bool> & Sendable { Self.attributes[rawValue] }

    /// The marker as written around text: `**`, `//`, `__`, `~~`, or a single backtick.
    var marker: String {
        switch pairing {
        case .doubled: String(repeating: String(character), count: 2)
        case .fence: String(character)
        }
    }

    /// The tokens whose markers are doubled characters (the parser's delimiter stack), in table
    /// order.
    static let doubled: [MushToken] = allCases.filter {
        if case .doubled = $0.pairing { true } else { false }
    }

    /// The token made of `character`, or nil.
    init?(character: Unicode.Scalar) {
        guard character.isASCII, let token = Self.byCharacter[Int(character.value)] else { return nil }
        self = token
    }

    /// The token of each ASCII character (the tokenizer asks once per input character).
    private static let byCharacter: [MushToken?] = {
        var table = [MushToken?](repeating: nil, count: 128)
        for token in allCases {
            precondition(
                token.character.isASCII && table[Int(token.character.value)] == nil,
                "each token has its own ASCII character")
            table[Int(token.character.value)] = token
        }
        return table
    }()
}
