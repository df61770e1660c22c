import Foundation
import Mush
import MushText

/// One text to measure, with its options: from the command line or from a `--batch` line.
struct MeasureRequest: Decodable {
    var text: String
    var width: Double?
    var fontFamily: String?
    var fontSize: Double = 16
    var lineSpacing: Double = 0
    var maxLines: Int = 0
    var maxHeight: Double = 0
    var ellipsize: ParagraphStyle.Ellipsize = .end
    var align: ParagraphStyle.Alignment = .left
    var mush = false

    enum CodingKeys: String, CodingKey, CaseIterable {
        case text, width, fontFamily, fontSize, lineSpacing, maxLines, maxHeight, ellipsize, align, mush
    }

    init(text: String, width: Double?, fontFamily: String?, fontSize: Double, lineSpacing: Double, maxLines: Int,
         maxHeight: Double, ellipsize: ParagraphStyle.Ellipsize, align: ParagraphStyle.Alignment, mush: Bool) {
        self.text = text
        self.width = width
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.lineSpacing = lineSpacing
        self.maxLines = maxLines
        self.maxHeight = maxHeight
        self.ellipsize = ellipsize
        self.align = align
        self.mush = mush
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        width = try container.decodeIfPresent(Double.self, forKey: .width)
        fontFamily = try container.decodeIfPresent(String.self, forKey: .fontFamily)
        fontSize = try container.decodeIfPresent(Double.self, forKey: .fontSize) ?? 16
        lineSpacing = try container.decodeIfPresent(Double.self, forKey: .lineSpacing) ?? 0
        maxLines = try container.decodeIfPresent(Int.self, forKey: .maxLines) ?? 0
        maxHeight = try container.decodeIfPresent(Double.self, forKey: .maxHeight) ?? 0
        ellipsize = try container.decodeIfPresent(ParagraphStyle.Ellipsize.self, forKey: .ellipsize) ?? .end
        align = try container.decodeIfPresent(ParagraphStyle.Alignment.self, forKey: .align) ?? .left
        mush = try container.decodeIfPresent(Bool.self, forKey: .mush) ?? false
    }

    /// Reads one `--batch` line: a JSON object with known keys and values of the right types.
    init(jsonLine: Data) throws(RequestError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: jsonLine)
        } catch {
            throw RequestError("not JSON")
        }
        guard let keys = (object as? [String: Any])?.keys else { throw RequestError("not a JSON object") }
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        if let unknown = keys.sorted().first(where: { !known.contains($0) }) {
            throw RequestError("unknown key '\(unknown)'")
        }
        do {
            self = try JSONDecoder().decode(MeasureRequest.self, from: jsonLine)
        } catch let DecodingError.keyNotFound(key, _) {
            throw RequestError("missing key '\(key.stringValue)'")
        } catch let DecodingError.typeMismatch(type, context) {
            throw RequestError("key '\(context.codingPath.map(\.stringValue).joined(separator: "."))': expected \(Self.describe(type))")
        } catch let DecodingError.dataCorrupted(context) {
            throw RequestError("key '\(context.codingPath.map(\.stringValue).joined(separator: "."))': \(context.debugDescription)")
        } catch {
            throw RequestError("\(error)")
        }
        if let problem { throw RequestError(problem) }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type: "a number"
        case is Bool.Type: "true or false"
        default: "a string"
        }
    }

    /// What is wrong with the values, naming the option, or nil.
    var problem: String? {
        if let width, !(width.isFinite && width >= 0) { return "width (--width) must be a number of points, 0 or more" }
        if !(fontSize.isFinite && fontSize > 0) { return "fontSize (--font-size) must be greater than 0" }
        if !lineSpacing.isFinite { return "lineSpacing (--line-spacing) must be a finite number" }
        if maxLines < 0 { return "maxLines (--max-lines) must be 0 (no limit) or more" }
        if !(maxHeight.isFinite && maxHeight >= 0) { return "maxHeight (--max-height) must be 0 (no limit) or more" }
        return nil
    }

    func measure(fonts: FontCollection) throws -> MeasureResult {
        let document = mush ? Mush.parse(text) : MushDocument([(text: text, attributes: .plain)])
        let style = ParagraphStyle(
            fontFamily: fontFamily, fontSize: fontSize, lineSpacing: lineSpacing, alignment: align,
            maxLines: maxLines, maxHeight: maxHeight, ellipsize: ellipsize)
        return MeasureResult(try Paragraph(document, style: style, fonts: fonts).layout(width: width))
    }
}

extension ParagraphStyle.Ellipsize: Decodable {}
extension ParagraphStyle.Alignment: Decodable {}

/// Bad input (a `--batch` line of `mush measure`, the JSON of `mush line`), in one sentence.
struct RequestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The JSON of a measured text.
struct MeasureResult: Encodable {
    struct Line: Encodable {
        var text: String
        var start, end: Int
        var x, y, width, height, baseline: Double
    }

    var width, height: Double
    var lineCount: Int
    var truncated: Bool
    var lines: [Line]

    init(_ layout: ParagraphLayout) {
        width = layout.width
        height = layout.height
        lineCount = layout.lines.count
        truncated = layout.truncated
        lines = layout.lines.map {
            Line(text: $0.text, start: $0.range.lowerBound, end: $0.range.upperBound, x: $0.x, y: $0.y,
                 width: $0.width, height: $0.height, baseline: $0.baseline)
        }
    }

    func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try! encoder.encode(self), as: UTF8.self)
    }
}
