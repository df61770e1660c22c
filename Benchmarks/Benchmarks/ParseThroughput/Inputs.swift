// Inputs for the parse-throughput benchmarks: realistic Mush (table rows, prose) and the
// pathological shapes of CommonMark's cmark test/pathological_tests.py adapted to Mush.

/// A pathological input shape: a name, what it stresses, and a generator that builds an input of
/// (about) `size` Unicode scalars. Every generator is pure ASCII, so scalars = characters = UTF-8 bytes.
struct Shape: Sendable {
    let name: String
    let note: String
    let make: @Sendable (_ size: Int) -> String
}

/// `unit` repeated and cut to exactly `size` scalars (the cut only shortens the last repetition).
func repeated(_ unit: String, toSize size: Int) -> String {
    let scalars = Array(unit.unicodeScalars)
    var out = String.UnicodeScalarView()
    out.reserveCapacity(size)
    for n in 0..<max(0, size) {
        out.append(scalars[n % scalars.count])
    }
    return String(out)
}

/// `open` × k + `middle` + `close` × k, with k chosen so the length is about `size`.
func nested(_ open: String, _ middle: String, _ close: String, toSize size: Int) -> String {
    let k = max(1, (size - middle.unicodeScalars.count) / (open.unicodeScalars.count + close.unicodeScalars.count))
    return String(repeating: open, count: k) + middle + String(repeating: close, count: k)
}

/// cmark's "backticks": "e" + "`" × n for n = 1, 2, 3, ... (runs of increasing length that never
/// match each other), cut at `size` scalars.
func increasingBacktickRuns(toSize size: Int) -> String {
    var out = ""
    out.reserveCapacity(size)
    var length = 0
    var n = 1
    while length < size {
        let take = min(n, size - length - 1)
        if take < 0 { break }
        out += "e"
        out += String(repeating: "`", count: take)
        length += 1 + take
        n += 1
    }
    return out
}

let pathologicalShapes: [Shape] = [
    Shape(name: "open_strong", note: #""**a " × n: unclosed openers"#) {
        repeated("**a ", toSize: $0)
    },
    Shape(name: "close_strong", note: #""a** " × n: closers with no opener"#) {
        repeated("a** ", toSize: $0)
    },
    Shape(name: "both_strong", note: #""a**" × n: runs that can open and close"#) {
        repeated("a**", toSize: $0)
    },
    Shape(name: "alt_open", note: #""**a //b " × n: alternating openers, no closers"#) {
        repeated("**a //b ", toSize: $0)
    },
    Shape(name: "odd_runs", note: #""***a " × n: odd runs, unclosed"#) {
        repeated("***a ", toSize: $0)
    },
    Shape(name: "nested_strong_italic", note: #"cmark nested strong emph: "**a //a " × k + "b" + " a// a**" × k"#) {
        nested("**a //a ", "b", " a// a**", toSize: $0)
    },
    Shape(name: "nested_mixed", note: #""**//__~~" × k + "a" + "~~__//**" × k"#) {
        nested("**//__~~", "a", "~~__//**", toSize: $0)
    },
    Shape(name: "open_mixed", note: #""**//__~~" × n + "a": nested openers, never closed"#) {
        repeated("**//__~~", toSize: $0 - 1) + "a"
    },
    Shape(name: "overlap", note: #""//a**b//c** " × n: overlapping pairs"#) {
        repeated("//a**b//c** ", toSize: $0)
    },
    Shape(name: "http_slashes", note: #""http://a " × n: "/" runs after ":""#) {
        repeated("http://a ", toSize: $0)
    },
    Shape(name: "brace_nested", note: #""{#f00|" × k + "x" + "}" × k"#) {
        nested("{#f00|", "x", "}", toSize: $0)
    },
    Shape(name: "brace_unclosed", note: #""{#f00|" × n: spans never closed"#) {
        repeated("{#f00|", toSize: $0)
    },
    Shape(name: "brace_flood", note: #""{" × n"#) {
        repeated("{", toSize: $0)
    },
    Shape(name: "brace_no_bar", note: #""{#f00" × n: spec prefix with no "|""#) {
        repeated("{#f00", toSize: $0)
    },
    Shape(name: "brace_closers", note: #""a}" × n: closers with no span"#) {
        repeated("a}", toSize: $0)
    },
    Shape(name: "brace_open_emph_close", note: #""{#f00|a** " × n: cmark "[ a_" (unclosed spans, closers inside)"#) {
        repeated("{#f00|a** ", toSize: $0)
    },
    Shape(name: "backtick_runs", note: #"cmark backticks: "e" + "`" × n, n = 1, 2, 3, ..."#) {
        increasingBacktickRuns(toSize: $0)
    },
    Shape(name: "backtick_single", note: #""`a" × n: many single backticks"#) {
        repeated("`a", toSize: $0)
    },
    Shape(name: "backtick_unmatched", note: #""``a`" × n: double runs that never close, singles that do"#) {
        repeated("``a`", toSize: $0)
    },
    Shape(name: "escapes", note: #""\*" × n"#) {
        repeated(#"\*"#, toSize: $0)
    },
]

let pathologicalSizes: [(label: String, count: Int)] = [
    ("10k", 10_000),
    ("100k", 100_000),
    ("1M", 1_000_000),
]

// MARK: - Realistic inputs

/// Short strings as MGBoxKit table rows use them: a little markup, many plain labels.
let rowSamples: [String] = [
    "**Title** //subtitle//",
    "{#f00|Overdue} invoice `#1234`",
    "Settings",
    "Wi-Fi",
    "**Bluetooth** {#888|On}",
    "Battery {#0a0|87%}",
    "//Last synced 3 minutes ago//",
    "Inbox",
    "**Jane Appleseed** · //iPhone//",
    "{bg#ff0|NEW} Release notes for 2.4",
    "~~$49.99~~ **$29.99**",
    "Storage: `12.4 GB` of `64 GB` used",
    "__Sign out__",
    "Privacy & Security",
    "{k1.5|SECTION HEADER}",
    "**Order #20931** {#888|shipped}",
    "Notifications",
    "{font:Menlo,12|v1.2.3 (build 4567)}",
    "//No results//",
    "See http://example.com/help for details",
]

/// `rowSamples` cycled to `count` rows.
func rows(count: Int) -> [String] {
    (0..<count).map { rowSamples[$0 % rowSamples.count] }
}

/// About 4 KB of English prose with occasional markup.
let englishParagraph: String = {
    let sentences = [
        "The quick brown fox jumps over the lazy dog, and **nobody** seems to mind very much.",
        "Markup should stay out of the way: most text is plain, with the //occasional// emphasis.",
        "A URL such as http://example.com/path/to/page must not turn italic, nor should a path like /usr/local/bin.",
        "Prices drop from ~~$120~~ to **$80** this week only, while stocks last.",
        "Call `parse(_:)` with the whole string; it never fails and reports what it could not use.",
        "Some words are {#c00|red}, some are {bg#ff0|highlighted}, and some are __underlined__ for effect.",
        "Long sentences without any markup at all are the common case, and the parser should fly through them at memory speed if it can.",
        "Snake_case_names and file_names_like_this.txt stay literal, as do lone asterisks * and slashes /.",
    ]
    return paragraph(from: sentences, lineEvery: 5)
}()

/// About 4 KB of prose in several scripts (Latin with diacritics, Greek, Cyrillic, CJK, emoji)
/// with occasional markup.
let internationalParagraph: String = {
    let sentences = [
        "Ça va très bien, merci — **déjà** l’été à Genève, où l’on boit un café crème.",
        "Größere Änderungen an der //Übersetzung// kommen später; bis dahin gilt die alte Fassung.",
        "Η γρήγορη καφέ αλεπού πηδά πάνω από τον **τεμπέλη** σκύλο.",
        "Съешь же ещё этих мягких французских булок, да выпей //чаю//.",
        "日本語のテキストも{#06c|正しく}解析されるべきです。東京は今日も晴れ。",
        "中文段落：解析器必须是线性的，**无论**输入是什么。",
        "Emoji are fine too 🎉👍🏽 and so are flags 🇸🇪 inside `code` spans.",
        "Señor Muñoz pagó ~~100 €~~ 80 € por el año completo.",
    ]
    return paragraph(from: sentences, lineEvery: 4)
}()

/// About 4 KB of `sentences` in turn, separated by spaces, with a line break after every
/// `lineEvery` sentences.
func paragraph(from sentences: [String], lineEvery: Int) -> String {
    var text = ""
    var i = 0
    while text.utf8.count < 4_000 {
        text += sentences[i % sentences.count]
        text += (i % lineEvery == lineEvery - 1) ? "\n" : " "
        i += 1
    }
    return text
}
