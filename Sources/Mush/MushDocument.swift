/// A range of a document's text with one set of attributes.
public struct MushRun: Hashable, Sendable {
    /// Offsets in Unicode scalars of the document's `text`.
    public var range: Range<Int>
    /// What the range carries.
    public var attributes: MushAttributes

    public init(range: Range<Int>, attributes: MushAttributes) {
        self.range = range
        self.attributes = attributes
    }
}

/// A warning about markup the parser could not use. The markup stays in the text, literal, unless
/// the diagnostic says otherwise (an invalid value in a brace span consumes the markup).
public struct MushDiagnostic: Hashable, Sendable {
    /// What went wrong.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// A `**`, `//`, `__` or `~~` that could open or close but found no partner.
        case unmatchedDelimiter
        /// A run of backticks with no closing run of the same length.
        case unmatchedBackticks
        /// A `{SPEC|` with no matching `}`.
        case unclosedBraceSpan
        /// A `{#…|` or `{bg#…|` whose colour is not a CSS hex colour.
        case invalidColor
        /// A `{k…|` whose value is not a decimal number.
        case invalidKern
        /// A `{font:…|` whose size is not a number greater than zero.
        case invalidFont
        /// A `{SPEC|` whose prefix is none of `#`, `bg#`, `k`, `font:`.
        case unknownBraceSpec
        /// Bytes that were not UTF-8, each maximal invalid sequence replaced by U+FFFD.
        case invalidUTF8
    }

    public var kind: Kind
    /// One line, for people.
    public var message: String
    /// Offsets in Unicode scalars of the parser's input.
    public var range: Range<Int>

    public init(kind: Kind, message: String, range: Range<Int>) {
        self.kind = kind
        self.message = message
        self.range = range
    }
}

/// Attributed text: the result of parsing Mush, and the input of every writer.
///
/// `runs` are maximal, ordered and non-overlapping, cover all of `text`, and none is empty; an empty
/// text has no runs. ``Mush/parse(_:)`` always gives such a document; ``init(text:runs:)`` checks it.
public struct MushDocument: Hashable, Sendable {
    /// The text with all consumed markup removed (newlines kept).
    public private(set) var text: String
    /// The attribute runs over `text`.
    public private(set) var runs: [MushRun]
    /// The parser's warnings; empty for a document built from runs.
    public var diagnostics: [MushDiagnostic]

    /// Builds a document from text and runs, after checking that the runs cover the text in order
    /// with no gap, overlap or empty run. Adjacent runs with equal attributes are merged.
    public init(text: String, runs: [MushRun]) throws(MushDocumentError) {
        let length = text.unicodeScalars.count
        var merged: [MushRun] = []
        var position = 0
        for run in runs {
            guard run.range.lowerBound == position else {
                throw .runsDoNotCover(at: position)
            }
            guard !run.range.isEmpty else { throw .emptyRun(at: position) }
            position = run.range.upperBound
            if let last = merged.last, last.attributes == run.attributes {
                merged[merged.count - 1].range = last.range.lowerBound..<run.range.upperBound
            } else {
                merged.append(run)
            }
        }
        guard position == length else { throw .runsDoNotCover(at: position) }
        self.text = text
        self.runs = merged
        self.diagnostics = []
    }

    /// Builds a document from pieces of text, each with its attributes. Empty pieces are skipped and
    /// neighbours with equal attributes are merged.
    public init(_ pieces: [(text: String, attributes: MushAttributes)]) {
        var text = ""
        var runs: [MushRun] = []
        var position = 0
        for piece in pieces {
            let count = piece.text.unicodeScalars.count
            guard count > 0 else { continue }
            text += piece.text
            if let last = runs.last, last.attributes == piece.attributes {
                runs[runs.count - 1].range = last.range.lowerBound..<position + count
            } else {
                runs.append(MushRun(range: position..<position + count, attributes: piece.attributes))
            }
            position += count
        }
        self.text = text
        self.runs = runs
        self.diagnostics = []
    }

    /// `documents` one after the other: their texts joined, each one's runs moved past the texts
    /// before it, neighbours with equal attributes merged (as ``init(text:runs:)`` does). The
    /// documents' diagnostics are left out: their ranges are in their own parsers' inputs.
    public init(joining documents: some Sequence<MushDocument>) {
        var text = ""
        var runs: [MushRun] = []
        var count = 0
        for document in documents {
            text += document.text
            for run in document.runs {
                let range = run.range.lowerBound + count..<run.range.upperBound + count
                if let last = runs.last, last.attributes == run.attributes, last.range.upperBound == range.lowerBound {
                    runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
                } else {
                    runs.append(MushRun(range: range, attributes: run.attributes))
                }
            }
            count += document.text.unicodeScalars.count
        }
        self.init(checkedText: text, runs: runs, diagnostics: [])
    }

    /// A document of one run: `text` with `attributes` throughout (no run when `text` is empty).
    /// What ``init(_:)`` makes of one piece, without a list of pieces to build and walk.
    package init(text: String, attributes: MushAttributes) {
        // Swift's strings are valid UTF-8: a scalar is a byte that does not continue one.
        let count =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            } ?? text.unicodeScalars.count
        self.text = count > 0 ? text : ""
        self.runs = count > 0 ? [MushRun(range: 0..<count, attributes: attributes)] : []
        self.diagnostics = []
    }

    /// A document the parser has already checked.
    init(checkedText text: String, runs: [MushRun], diagnostics: [MushDiagnostic]) {
        self.text = text
        self.runs = runs
        self.diagnostics = diagnostics
    }

    /// Each run's text with its attributes, in order.
    public var segments: [(text: String, attributes: MushAttributes)] {
        let scalars = Array(text.unicodeScalars)
        return runs.map { run in
            (String(String.UnicodeScalarView(scalars[run.range])), run.attributes)
        }
    }

    /// The text with no markup: the `plain` output format.
    public var plainText: String { text }
}

/// Why runs do not make a document.
public enum MushDocumentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The runs leave a gap, overlap, or stop short of the text's end, at this scalar offset.
    case runsDoNotCover(at: Int)
    /// A run is empty, at this scalar offset.
    case emptyRun(at: Int)

    public var description: String {
        switch self {
        case .runsDoNotCover(let offset): "runs do not cover the text in order at scalar offset \(offset)"
        case .emptyRun(let offset): "empty run at scalar offset \(offset)"
        }
    }
}
