import Foundation
import MushBox

/// Box trees as the engine's JSON nodes (`mush layout`'s format, which `Tests/BoxOracle/taffy_oracle.py`
/// reads too), both ways, from `BoxStyle.properties`: a style property added there is written and
/// read here without an edit. Pure boxes only (no leaves, no paint).
public enum NodeJSON {
    /// The node and its subtree as one JSON object on one line: its id, every style property that
    /// differs from `BoxStyle()`'s (shorthands left out), and its children.
    public static func write(_ node: BoxNode) -> String {
        precondition(node.leaf == nil, "NodeJSON writes pure boxes only")
        let plain = BoxStyle()
        var members: [(String, String)] = []
        if let id = node.id { members.append(("id", quoted(id))) }
        for property in BoxStyle.properties where !property.isShorthand && node.style[property] != plain[property] {
            members.append((property.name, write(node.style[property])))
        }
        if !node.children.isEmpty {
            members.append(("children", "[" + node.children.map(write).joined(separator: ",") + "]"))
        }
        return "{" + members.map { quoted($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    /// One value as JSON.
    static func write(_ value: BoxStyleValue) -> String {
        switch value {
        case .unset: return "null"
        case .keyword(let keyword): return quoted(keyword)
        case .number(let number): return self.number(number)
        case .length(let length): return self.length(length)
        case .css(let text): return quoted(text)
        case .edges(let edges):
            return "{\"top\":\(length(edges.top)),\"right\":\(length(edges.right)),"
                + "\"bottom\":\(length(edges.bottom)),\"left\":\(length(edges.left))}"
        }
    }

    /// A tree from a JSON object as Foundation reads it (the browser fixtures' trees): style keys
    /// in the order of `BoxStyle.properties` (so `gap` comes before `rowGap`), then `children`.
    /// Input that is not a tree of this shape is a test's own bug: it traps with the key.
    public static func read(_ object: [String: Any]) -> BoxNode {
        do {
            return try readChecked(object)
        } catch {
            fatalError("\(error)")
        }
    }

    /// As ``read(_:)``, but a value in CSS's syntax that does not parse (a grid line past the
    /// engine's limits) throws, naming its key, where `read` traps.
    public static func readChecked(_ object: [String: Any]) throws -> BoxNode {
        var style = BoxStyle()
        let known = Set(BoxStyle.properties.map(\.name) + ["children", "id"])
        for key in object.keys where !known.contains(key) { fatalError("unknown key \(key)") }
        for property in BoxStyle.properties {
            guard let value = object[property.name] else { continue }
            let read = read(value, as: property.kind, over: style[property])
            if case .css(let text) = read {
                do {
                    try property.read(css: text, into: &style)
                } catch {
                    throw GridSyntaxError("\(property.name): \(error.message)")
                }
            } else {
                style[property] = read
            }
        }
        let children = try (object["children"] as? [[String: Any]] ?? []).map(readChecked)
        return BoxNode(id: object["id"] as? String, style: style, children: children)
    }

    static func read(_ value: Any, as kind: BoxStyleProperty.Kind, over current: BoxStyleValue) -> BoxStyleValue {
        switch kind {
        case .keyword: return .keyword(value as! String)
        case .factor, .ratio: return .number((value as! NSNumber).doubleValue)
        case .css:
            if let rows = value as? [String] { return .css(rows.map { "\"\($0)\"" }.joined(separator: " ")) }
            if let number = value as? NSNumber { return .css("\(number.intValue)") }
            return .css(value as! String)
        case .length: return .length(length(value))
        case .edges:
            guard let object = value as? [String: Any] else { return .edges(BoxEdges(length(value))) }
            guard case .edges(var edges) = current else { fatalError("edges over \(current)") }
            if let top = object["top"] { edges.top = length(top) }
            if let right = object["right"] { edges.right = length(right) }
            if let bottom = object["bottom"] { edges.bottom = length(bottom) }
            if let left = object["left"] { edges.left = length(left) }
            return .edges(edges)
        }
    }

    static func length(_ value: Any) -> BoxLength {
        if let number = value as? NSNumber { return .points(number.doubleValue) }
        let text = value as! String
        if text == "auto" { return .auto }
        return .percent(Double(text.dropLast())!)
    }

    /// A number: whole numbers without a fraction, others as Swift writes them (shortest exact).
    public static func number(_ value: Double) -> String {
        precondition(value.isFinite, "JSON has no \(value)")
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    static func length(_ value: BoxLength) -> String {
        switch value {
        case .points(let points): return number(points)
        case .percent(let percent): return quoted(number(percent) + "%")
        case .auto: return quoted("auto")
        }
    }

    /// A JSON string (the strings here are keywords, keys and plain ids).
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
