import MushBox
import MushLine
import MushMGBox
import MushText
import Testing

/// A frame as `[x, y, width, height]`, for comparing with frames worked out by hand.
func frame(_ layout: BoxLayout) -> [Double] { [layout.x, layout.y, layout.width, layout.height] }

/// The frames of a result's children.
func frames(_ layout: BoxLayout) -> [[Double]] { layout.children.map(frame) }

/// Every frame of a result, in order (the node's own first), for comparing two trees' layouts.
func allFrames(_ layout: BoxLayout) -> [[Double]] {
    [frame(layout) + [layout.contentWidth, layout.contentHeight]] + layout.children.flatMap(allFrames)
}

/// A box of `width` × `height` with margins.
func box(_ width: Double, _ height: Double, margin: MGLine.Insets = MGLine.Insets(), id: String? = nil) -> MGBox {
    var box = MGBox(width: width, height: height)
    box.margin = margin
    box.id = id
    return box
}

/// The shipped fonts only: the same measurements on every machine.
let fonts = FontCollection.shipped

/// The first difference between two results (nil: none): every field, numbers to the last bit, a
/// row's layout by its size and its items' frames, a text's by its lines.
func difference(_ left: BoxLayout, _ right: BoxLayout, at path: String = "root") -> String? {
    func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }
    func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return same(a, b)
        default: return false
        }
    }
    let numbers: [(String, Double?, Double?)] = [
        ("x", left.x, right.x), ("y", left.y, right.y), ("width", left.width, right.width),
        ("height", left.height, right.height), ("contentWidth", left.contentWidth, right.contentWidth),
        ("contentHeight", left.contentHeight, right.contentHeight), ("baseline", left.baseline, right.baseline),
        ("padding.top", left.padding.top, right.padding.top), ("padding.left", left.padding.left, right.padding.left),
        ("padding.bottom", left.padding.bottom, right.padding.bottom),
        ("padding.right", left.padding.right, right.padding.right),
        ("border.top", left.border.top, right.border.top), ("border.left", left.border.left, right.border.left),
    ]
    for (name, a, b) in numbers where !same(a, b) {
        return "\(path).\(name): \(a.map { "\($0)" } ?? "nil") ≠ \(b.map { "\($0)" } ?? "nil")"
    }
    if left.id != right.id { return "\(path).id: \(left.id ?? "nil") ≠ \(right.id ?? "nil")" }
    if left.paint != right.paint {
        return "\(path).paint: \(String(describing: left.paint)) ≠ \(String(describing: right.paint))"
    }
    if left.clipsContent != right.clipsContent { return "\(path).clipsContent" }
    if left.breaks != right.breaks { return "\(path).breaks: \(left.breaks) ≠ \(right.breaks)" }
    if left.origin?.childNaming != right.origin?.childNaming || left.origin?.step != right.origin?.step
        || left.origin?.passes.count != right.origin?.passes.count
    {
        return "\(path).origin"
    }
    switch (left.leaf, right.leaf) {
    case (nil, nil):
        break
    case (.row(let a)?, .row(let b)?):
        if !same(a.width, b.width) || !same(a.height, b.height) || a.items.count != b.items.count
            || zip(a.items, b.items).contains(where: { $0.frame != $1.frame || $0.text?.lines != $1.text?.lines })
        {
            return
                "\(path).leaf: rows differ: \(a.width)×\(a.height) \(a.items.map { $0.frame }) ≠ \(b.width)×\(b.height) \(b.items.map { $0.frame })"
        }
    case (.text(let a)?, .text(let b)?):
        if a.layout.lines.count != b.layout.lines.count || !same(a.layout.height, b.layout.height) {
            return "\(path).leaf: texts differ"
        }
    case (.image?, .image?), (.other?, .other?):
        break
    default:
        return "\(path).leaf: \(String(describing: left.leaf)) ≠ \(String(describing: right.leaf))"
    }
    if left.children.count != right.children.count {
        return "\(path).children: \(left.children.count) ≠ \(right.children.count)"
    }
    for (index, (a, b)) in zip(left.children, right.children).enumerated() {
        if let found = difference(a, b, at: "\(path).children[\(index)]") { return found }
    }
    return nil
}

/// `box` laid out as `layout` lays it out, after checking that a table section laid out row by row
/// (`MGBox.streamedLayout`) has the engine's results, field by field (`MGBox.engineLayout`).
func checkedLayout(
    _ box: some MGLayoutBox, width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent,
    rounding: BoxRounding = .edges, fonts: FontCollection = fonts,
    sourceLocation: SourceLocation = #_sourceLocation
) throws(MGBoxError) -> BoxLayout {
    let section = box.mgBox
    let layout = try section.layout(width: width, height: height, fonts: fonts, rounding: rounding)
    if let streamed = section.streamedLayout(width: width, height: height, fonts: fonts, rounding: rounding) {
        let engine = try section.engineLayout(width: width, height: height, fonts: fonts, rounding: rounding)
        #expect(
            difference(streamed, engine) == nil, "\(difference(streamed, engine) ?? "")", sourceLocation: sourceLocation
        )
    }
    return layout
}

/// A small seeded generator (SplitMix64), so that the random checks are the same every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
