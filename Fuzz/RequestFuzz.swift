// libFuzzer harness for the commands' request readers (MushJSON): the JSON that `mush measure
// --batch`, `mush line` and `mush render` read, through to the JSON they write, and the box trees
// `mush layout` reads (raw bytes only, read and checked, not laid out).
//
// Compiled by `MUSH_FUZZ_TARGET=request bash Fuzz/run.sh` with Sources/Mush, Fonts/MushFonts.swift,
// Sources/MushText, Sources/MushLine, Sources/MushBox and Sources/MushJSON as one module. The first byte chooses:
//   0–3   the bytes are a JSON text as they are (odd bytes, broken syntax, whatever the mutator makes);
//   4–7   a measure request is generated from the bytes;
//   8–15  a line (or, one time in four, a stack) request is generated from the bytes.
// Generated requests draw their numbers from extremes (±1e308, 1e999, -0, 5e-324, the limits and
// just past them), nest objects and arrays up to past the depth limit, and take strings from the
// input's bytes, so they reach long texts and crowded rows. Properties checked on every input:
//   1. Reading never crashes or hangs; a refusal is one non-empty line (no line break).
//   2. What the reader accepts, it accepts again from its own output (JSONValue round trip).
//   3. An accepted request lays out without a thrown engine error (the readers check every value),
//      and its result writes as JSON with every number finite, no -0, no null (a box tree of at
//      most 300 nodes too, at its content's width and in 200 points, its frames finite and not
//      negative in size).
//   4. The result reads back with the reader; sizes are 0 or more, lines and items in order.
// Every property that fails stops the fuzzer with fatalError.

private let fonts = FontCollection.standard

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let mode = bytes[0] & 0x0F
    var generator = RequestGenerator(bytes: Array(bytes.dropFirst()))
    switch mode {
    case 0...3:
        let input = Array(bytes.dropFirst())
        checkRaw(input)
        checkMeasure(input)
        checkLine(input)
        checkBoxTree(input)
    case 4...7:
        checkMeasure(Array(generator.measureRequest().utf8))
    default:
        let stack = mode >= 12 && bytes.count > 1 && bytes[1] & 3 == 0
        checkLine(Array((stack ? generator.stackRequest() : generator.lineRequest(depth: 0, top: true)).utf8))
    }
    return 0
}

// MARK: - Properties

private func checkRaw(_ input: [UInt8]) {
    let value: JSONValue
    do {
        value = try JSONValue.parse(input)
    } catch {
        checkMessage(error, input)
        return
    }
    // Written and read again, the value is the same (-0 is written as 0, the only change).
    let written = value.json
    guard let again = try? JSONValue.parse(Array(written.utf8)) else {
        requestFail("its own output is not JSON: \(written)", input)
    }
    if again != normalised(value) { requestFail("the round trip changed the value: \(written)", input) }
}

private func normalised(_ value: JSONValue) -> JSONValue {
    switch value {
    case .number(let number): .number(number == 0 ? 0 : number)
    case .array(let array): .array(array.map(normalised))
    case .object(let object): .object(object.mapValues(normalised))
    case .null, .bool, .string: value
    }
}

private func checkMeasure(_ input: [UInt8]) {
    // The batch's direct reader reads what the general reader reads, or leaves the line to it.
    if let direct = input.withUnsafeBufferPointer(MeasureRequest.readDirectly) {
        guard let general = try? MeasureRequest(general: input), general == direct else {
            requestFail("the direct reader read \(direct), the general reader otherwise", input)
        }
    }
    let request: MeasureRequest
    do {
        request = try MeasureRequest(json: input, fonts: fonts)
    } catch {
        checkMessage(error, input)
        return
    }
    let result: MeasureResult
    do {
        result = try request.measure(fonts: fonts)
    } catch {
        requestFail("an accepted measure request failed: \(error)", input)
    }
    let json: String
    do {
        json = try result.json()
    } catch {
        requestFail("a measure result could not be written: \(error)", input)
    }
    checkNumbers(json, input)
    guard case .object(let object)? = try? JSONValue.parse(Array(json.utf8)),
        case .array(let lines)? = object["lines"], case .number(let count)? = object["lineCount"],
        case .number(let width)? = object["width"], case .number(let height)? = object["height"]
    else {
        requestFail("the measure result is not the documented object: \(json.prefix(300))", input)
    }
    if Int(count) != lines.count || lines.isEmpty { requestFail("lineCount \(count) for \(lines.count) lines", input) }
    if !(width >= 0 && height >= 0) { requestFail("size \(width) × \(height)", input) }
    var previousY = -1.0
    var previousEnd = 0
    for line in lines {
        guard case .object(let line) = line, case .number(let y)? = line["y"],
            case .number(let lineHeight)? = line["height"],
            case .number(let start)? = line["start"], case .number(let end)? = line["end"],
            case .number(let lineWidth)? = line["width"]
        else {
            requestFail("a line is not the documented object", input)
        }
        if !(y > previousY) || !(lineHeight > 0) || lineWidth < 0 {
            requestFail("a line at y \(y), \(lineWidth) × \(lineHeight)", input)
        }
        if Int(start) < previousEnd || end < start {
            requestFail("line range \(start)..<\(end) after \(previousEnd)", input)
        }
        previousY = y
        previousEnd = Int(end)
    }
    if let maxHeight = request.maxHeight > 0 ? request.maxHeight : nil, lines.count > 1, height > maxHeight + 1e-6 {
        requestFail("height \(height) past maxHeight \(maxHeight)", input)
    }
    if request.maxLines > 0, lines.count > request.maxLines {
        requestFail("\(lines.count) lines past maxLines \(request.maxLines)", input)
    }
}

private func checkLine(_ input: [UInt8]) {
    let document: LineDocument
    do {
        document = try LineRequest(fonts: fonts).document(from: input)
    } catch {
        checkMessage(error, input)
        return
    }
    let value: JSONValue
    do {
        switch document {
        case .line(let line):
            let layout = try line.layout(fonts: fonts)
            value = layout.jsonValue
            checkLayout(layout, line, input)
        case .stack(let stack):
            let layout = try stack.layout(fonts: fonts)
            for placed in layout.lines { checkLayout(placed.layout, placed.line, input) }
            value = .array(layout.lines.map(\.layout.jsonValue))
            if !(layout.height >= 0 && layout.height.isFinite) { requestFail("stack height \(layout.height)", input) }
        }
    } catch {
        requestFail("an accepted line request failed: \(error)", input)
    }
    let json: String
    do {
        json = try value.checkedJSON()
    } catch {
        requestFail("a line result could not be written: \(error)", input)
    }
    checkNumbers(json, input)
}

/// Sizes finite and 0 or more; without `widenAsNeeded` and fixed widths, visible frames in the row.
private func checkLayout(_ layout: MGLineLayout, _ line: MGLine, _ input: [UInt8]) {
    if !(layout.width >= 0 && layout.height >= 0 && layout.width.isFinite && layout.height.isFinite) {
        requestFail("layout size \(layout.width) × \(layout.height)", input)
    }
    let fixed = line.leftWidth > 0 || line.middleWidth > 0 || line.rightWidth > 0
    for item in layout.items {
        guard let frame = item.frame else { continue }
        if !(frame.width >= 0 && frame.height >= 0) { requestFail("frame \(frame)", input) }
        if !line.widenAsNeeded, !fixed, frame.x < -0.5 || frame.x + frame.width > layout.width + 0.5 {
            requestFail("\(item.side)[\(item.index)] at \(frame) outside a row \(layout.width) wide", input)
        }
        if case .box(let laidOut) = item.content, let nested = laidOut.line,
            case .box(let box) = line.items(on: item.side)[item.index], let inner = box.line
        {
            var fitted = inner
            fitted.width = frame.width
            checkLayout(nested, fitted, input)
        }
    }
}

/// No `null`, no `-0` (outside strings) in what is written.
private func checkNumbers(_ json: String, _ input: [UInt8]) {
    let bytes = Array(json.utf8)
    var index = 0
    var inString = false
    while index < bytes.count {
        let byte = bytes[index]
        if inString {
            if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: "n") {
            requestFail("null in \(json.prefix(300))", input)
        } else if byte == UInt8(ascii: "-"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "0"),
            [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[index + 2])
        {
            requestFail("-0 in \(json.prefix(300))", input)
        }
        index += 1
    }
}

/// A box tree (`mush layout`) is read or refused in one line; what is read passes the engine's
/// validation, and a small one (at most 300 nodes: the vocabularies' lowerings and BoxView's solved
/// chains, whose engine work is the box target's) lays out at its content's width and in 200
/// points without an error, every frame finite with sizes of 0 or more, written without null or -0.
private func checkBoxTree(_ input: [UInt8]) {
    let request: BoxRequest
    do {
        request = try BoxRequest(json: input, fonts: fonts)
    } catch {
        checkMessage(error, input)
        return
    }
    do {
        try request.root.validate()
    } catch {
        requestFail("an accepted box tree fails validation: \(error)", input)
    }
    guard request.root.count <= 300 else { return }
    for width in [AvailableSpace.maxContent, .points(200)] {
        do {
            let layout = try request.layout(width: width)
            checkFrames(layout, input)
            checkNumbers(try layout.jsonValue.checkedJSON(), input)
        } catch {
            requestFail("an accepted box tree does not lay out in \(width): \(error)", input)
        }
    }
}

private func checkFrames(_ layout: BoxLayout, _ input: [UInt8]) {
    let numbers = [layout.x, layout.y, layout.width, layout.height, layout.contentWidth, layout.contentHeight]
    if !numbers.allSatisfy(\.isFinite) || layout.width < 0 || layout.height < 0 {
        requestFail("a frame is not finite or has a negative size: \(numbers)", input)
    }
    for child in layout.children { checkFrames(child, input) }
}

private func checkMessage(_ error: RequestError, _ input: [UInt8]) {
    let message = error.description
    if message.isEmpty || message.contains("\n") {
        requestFail("the message is not one line: \(message.debugDescription)", input)
    }
}

private func requestFail(_ message: String, _ input: [UInt8]) -> Never {
    let shown = String(decoding: input.prefix(600), as: UTF8.self)
    fatalError(
        "Mush request fuzz property failed: \(message)\n  input (\(input.count) bytes): \(shown.debugDescription)")
}

// MARK: - Generating requests

/// Builds request JSON from fuzzer bytes: each choice takes the next byte (0 when they run out).
private struct RequestGenerator {
    let bytes: [UInt8]
    var position = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// Numbers that break engines: extremes, the limits and just past them, and ordinary ones.
    static let numbers = [
        "0", "-0", "1", "16", "320", "44", "0.5", "-1", "1e308", "-1e308", "1e999", "-1e999", "5e-324", "1e-320",
        "1000000", "1000000.0001", "10000", "10000.5", "0.01", "0.009", "1000", "-1000", "1e6", "2e67", "1e18",
        "123456789012345678901234567890", "0.1", "3.5", "100", "2147483648", "1.5", "-1e-300",
    ]

    mutating func number() -> String {
        let byte = next()
        if byte & 0x80 != 0 { return String(Int(byte & 0x7F) * Int(next())) }
        return Self.numbers[Int(byte) % Self.numbers.count]
    }

    /// A JSON string from the input's bytes: up to 255 bytes, or (with a high first byte) a run of
    /// the input repeated to some kilobytes, with markup, line breaks and escapes in it.
    mutating func string() -> String {
        let length = Int(next())
        var scalars = ""
        let pieces = [
            "\\n", "\\u00e9", "**", "//", "{#f00|", "}", "{font:,40|", "{k-3|", "|mush", " ", "\\t", "\\ud83d\\ude00",
            "\u{05E9}\u{05DC}\u{05D5}\u{05DD}", "\u{0645}\u{0631}", "\\\"", "W", "\\u0000",
        ]
        for _ in 0..<(length & 0x3F) {
            let byte = next()
            if byte < 0x20 {
                scalars += pieces[Int(byte) % pieces.count]
            } else if byte < 0x7F, byte != 0x22, byte != 0x5C {
                scalars.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                scalars += "x"
            }
        }
        if length & 0xC0 == 0xC0 {
            // Long: repeat what was made so far to several kilobytes.
            let copies = 1 + Int(next()) * 4
            scalars = String(repeating: scalars + " ", count: copies)
        }
        return "\"" + scalars + "\""
    }

    /// Any JSON value, nested up to `depth` more levels (past the limit when the bytes say so).
    mutating func anyValue(depth: Int) -> String {
        switch next() % 8 {
        case 0: return number()
        case 1: return string()
        case 2: return ["true", "false", "null"][Int(next()) % 3]
        case 3:
            let levels = Int(next())
            return String(repeating: "[", count: levels) + number() + String(repeating: "]", count: levels)
        case 4 where depth > 0: return "{" + member(key: "k", value: anyValue(depth: depth - 1)) + "}"
        case 5 where depth > 0: return "[" + anyValue(depth: depth - 1) + "," + anyValue(depth: depth - 1) + "]"
        default: return number()
        }
    }

    func member(key: String, value: String) -> String { "\"" + key + "\":" + value }

    mutating func measureRequest() -> String {
        var members = [member(key: "text", value: string())]
        let keys = ["width", "fontSize", "lineSpacing", "maxLines", "maxHeight"]
        let flags = next()
        for (index, key) in keys.enumerated() where flags & (1 << index) != 0 {
            members.append(member(key: key, value: next() & 0xE0 == 0 ? anyValue(depth: 2) : number()))
        }
        if flags & 0x20 != 0 {
            members.append(
                member(
                    key: "ellipsize",
                    value: ["\"none\"", "\"start\"", "\"middle\"", "\"end\"", "\"all\""][Int(next()) % 5]))
        }
        if flags & 0x40 != 0 {
            members.append(
                member(
                    key: "align", value: ["\"left\"", "\"center\"", "\"right\"", "\"justify\"", "3"][Int(next()) % 5]))
        }
        if flags & 0x80 != 0 { members.append(member(key: "mush", value: next() & 1 == 0 ? "true" : "false")) }
        return "{" + members.joined(separator: ",") + "}"
    }

    mutating func item(depth: Int) -> String {
        switch next() % 6 {
        case 0, 1: return string()
        case 2: return "{\"text\":" + string() + ",\"multiline\":" + (next() & 1 == 0 ? "true" : "false") + "}"
        case 3: return "{\"image\":{\"width\":" + number() + ",\"height\":" + number() + "}}"
        default:
            var box = ["\"width\":" + number(), "\"height\":" + number()]
            let flags = next()
            if flags & 1 != 0 { box.append("\"expand\":true") }
            if flags & 2 != 0 { box.append("\"margin\":{\"left\":" + number() + ",\"top\":" + number() + "}") }
            if flags & 4 != 0 { box.append("\"line\":" + lineRequest(depth: depth + 1, top: false)) }
            return "{\"box\":{" + box.joined(separator: ",") + "}}"
        }
    }

    mutating func lineRequest(depth: Int, top: Bool) -> String {
        var members: [String] = []
        if top || next() & 1 == 0 { members.append(member(key: "width", value: number())) }
        let keys = ["height", "itemPadding", "minHeight", "maxHeight", "leftWidth", "rightWidth", "leftLineSpacing"]
        let flags = next()
        for (index, key) in keys.enumerated() where flags & (1 << index) != 0 {
            members.append(member(key: key, value: number()))
        }
        if flags & 0x80 != 0 {
            members.append(
                member(
                    key: "padding",
                    value: "{\"left\":" + number() + ",\"right\":" + number() + ",\"top\":" + number() + "}"))
        }
        let more = next()
        if more & 1 != 0 { members.append(member(key: "widenAsNeeded", value: "true")) }
        if more & 2 != 0 {
            members.append(
                member(key: "sidePrecedence", value: ["\"left\"", "\"middle\"", "\"right\""][Int(next()) % 3]))
        }
        if more & 4 != 0 { members.append(member(key: "font", value: "{\"size\":" + number() + "}")) }
        if more & 8 != 0 {
            members.append(
                member(key: "verticalAlignment", value: ["\"top\"", "\"center\"", "\"bottom\""][Int(next()) % 3]))
        }
        if more & 0x10 != 0 { members.append(member(key: "leftTextShadowOffset", value: "{\"x\":" + number() + "}")) }
        if more & 0x20 != 0 { members.append(member(key: "unknown", value: anyValue(depth: 1))) }
        for side in ["left", "middle", "right"] {
            // Up to 15 items a side (crowded rows); nested lines only a few levels down.
            let count = Int(next() & 0x0F)
            guard count > 0, depth < 20 else { continue }
            var items: [String] = []
            for _ in 0..<count { items.append(item(depth: depth)) }
            members.append(member(key: side, value: "[" + items.joined(separator: ",") + "]"))
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    mutating func stackRequest() -> String {
        var lines: [String] = []
        for _ in 0..<Int(next() & 0x07) { lines.append(lineRequest(depth: 0, top: false)) }
        return "{\"width\":" + number() + ",\"lines\":[" + lines.joined(separator: ",") + "]}"
    }
}
