import Foundation
import Mush
import MushJSON
import MushLine
import MushText
import PropertyBased
import Testing

/// Properties of the request readers on random requests built from extreme numbers, odd strings
/// and random nesting: a refusal is one line; what is accepted lays out, and the result is finite,
/// without `-0` or `null`, and in order.
@Suite("Request properties")
struct RequestPropertyTests {
    static let numbers = [
        "0", "-0", "1", "16", "0.5", "-1", "1e308", "-1e308", "1e999", "5e-324", "1000000", "1000000.5", "10000",
        "10000.5", "0.01", "0.005", "2e67", "1e18", "3.25", "2147483648", "-1e-300", "\"12\"", "null", "true",
    ]
    static let strings = [
        "\"\"", "\"a\"", "\"Hello wonderful world\"", "\"a\\nb\\nc\"", "\"**bold** //it//|mush\"",
        "\"{font:,20000|x}|mush\"",
        "\"{k-1000|spaced}|mush\"", "\"שלום עולם\"", "\"W\"", "\"\\ud83d\\ude00\"", "\"\\u0000\"",
        "\"{font:Nope|x}|mush\"",
    ]
    static let number = Gen.int(in: 0...(numbers.count - 1)).map { numbers[$0] }
    static let string = Gen.int(in: 0...(strings.count - 1)).map { strings[$0] }

    static let measureKeys = ["width", "fontSize", "lineSpacing", "maxLines", "maxHeight"]
    static let measureRequest = PropertyBased.zip(string, Gen.int(in: 0...31).array(of: 5...5), number.array(of: 5...5))
        .map { text, flags, values in
            var members = ["\"text\": " + text]
            for (index, key) in measureKeys.enumerated() where flags[index] & 1 == 1 {
                members.append("\"\(key)\": \(values[index])")
            }
            return "{" + members.joined(separator: ", ") + "}"
        }

    static let lineKeys = ["width", "height", "itemPadding", "minHeight", "maxHeight", "leftWidth", "leftLineSpacing"]
    static let items = Gen.int(in: 0...3).array(of: 0...6).map { kinds in
        kinds.map { kind in
            switch kind {
            case 0: "\"Label\""
            case 1: "\"A much longer label that will not fit\""
            case 2: "{\"image\": {\"width\": 40, \"height\": 40}}"
            default: "{\"box\": {\"width\": 20, \"height\": 10, \"expand\": true}}"
            }
        }.joined(separator: ", ")
    }
    static let lineRequest = PropertyBased.zip(
        Gen.int(in: 0...1).array(of: 7...7), number.array(of: 7...7), items, items
    )
    .map { flags, values, left, right in
        var members = ["\"width\": \(values[0])"]
        for (index, key) in lineKeys.enumerated().dropFirst() where flags[index] == 1 {
            members.append("\"\(key)\": \(values[index])")
        }
        members.append("\"left\": [\(left)]")
        members.append("\"right\": [\(right)]")
        return "{" + members.joined(separator: ", ") + "}"
    }

    func expectClean(_ json: String, _ input: String) {
        #expect(!json.contains("null"), "\(input)")
        #expect(json.range(of: #"[:\[,]-0[,}\]]"#, options: .regularExpression) == nil, "\(input)")
    }

    @Test func measureRequests() async {
        await propertyCheck(count: 500, input: Self.measureRequest) { input in
            do {
                let request = try MeasureRequest(json: Array(input.utf8), fonts: .standard)
                let json = try request.measure(fonts: .standard).json()
                expectClean(json, input)
                guard case .object(let result) = try JSONValue.parse(Array(json.utf8)),
                    case .number(let height)? = result["height"], case .array(let lines)? = result["lines"]
                else {
                    Issue.record("not a result: \(json)")
                    return
                }
                #expect(height >= 0 && height.isFinite)
                #expect(!lines.isEmpty)
            } catch {
                let message = String(describing: error)
                #expect(!message.isEmpty && !message.contains("\n"), "\(input)")
            }
        }
    }

    @Test func lineRequests() async {
        await propertyCheck(count: 500, input: Self.lineRequest) { input in
            let line: MGLine
            do {
                line = try LineRequest(fonts: .standard).line(from: Array(input.utf8))
            } catch {
                let message = String(describing: error)
                #expect(!message.isEmpty && !message.contains("\n"), "\(input)")
                return
            }
            do {
                let layout = try line.layout()
                let json = try layout.jsonValue.checkedJSON()
                expectClean(json, input)
                for item in layout.items {
                    guard let frame = item.frame else { continue }
                    #expect(frame.width >= 0 && frame.height >= 0, "\(input)")
                    if !line.widenAsNeeded, line.leftWidth == 0 {
                        // Positions round to the nearest point, so a row of a fractional width may
                        // have an edge half a point past it.
                        #expect(frame.x >= 0 && frame.x + frame.width <= layout.width + 0.5, "\(input): \(item)")
                    }
                }
            } catch {
                Issue.record("an accepted line failed: \(error) for \(input)")
            }
        }
    }

    /// Any value the reader accepts is written as JSON that reads back the same.
    @Test func valuesRoundTrip() async {
        let leaf = PropertyBased.zip(Self.number, Self.string).map { $0 + "," + $1 }
        let text = PropertyBased.zip(leaf.array(of: 0...4), Gen.int(in: 0...70)).map { leaves, depth in
            String(repeating: "[", count: depth) + leaves.joined(separator: ",") + String(repeating: "]", count: depth)
        }
        await propertyCheck(count: 300, input: text) { input in
            guard let value = try? JSONValue.parse(Array(input.utf8)) else { return }
            let again = try? JSONValue.parse(Array(value.json.utf8))
            #expect(again?.json == value.json, "\(input)")
        }
    }
}
