import Mush
import MushBox
import MushMKLayout

/// Makes a custom MKLayoutLibrary layout from a JSON node's `options`
/// (``BoxVocabularies/addingCustomLayout(_:_:)``).
public typealias MKCustomLayoutMaker = @Sendable ([String: Double]) throws(RequestError) -> any MKCustomLayout

/// One vocabulary of nodes in a box tree's JSON, beside the engine's own: MGBoxKit's boxes,
/// MKLayoutLibrary's layouts, BoxView's stacks, or one of your own. A vocabulary names the keys
/// that mark its nodes and reads such a node, lowering it to engine nodes; the JSON reader asks the
/// vocabularies of its ``BoxVocabularies`` about every node, at any depth, before reading it as an
/// engine node.
///
/// The article "Adding a vocabulary" (in MushJSON's documentation) shows one from start to end.
public protocol BoxVocabulary: Sendable {
    /// The vocabulary's name, as help texts give it (`MGBoxKit`).
    var name: String { get }

    /// The keys only this vocabulary's nodes have: an object with any of them is this
    /// vocabulary's (the first vocabulary of a ``BoxVocabularies`` that claims it reads it).
    var markerKeys: [String] { get }

    /// Reads `value`, an object with one of ``markerKeys``, found at `place`, and lowers it to an
    /// engine node (with an origin where the input names its children otherwise than
    /// `children[i]`, or where passes run around layout). Nodes inside it that are any node (a
    /// view, a cell) are read with `reader`'s ``BoxTreeReader/node(_:at:)``, so that every
    /// vocabulary can stand inside every other. A bad value throws an error naming its path.
    func read(_ value: JSONValue, at place: BoxTreeReader.Place, with reader: inout BoxTreeReader)
        throws(RequestError) -> BoxNode
}

/// A pass (MushBox's `BoxPass`) whose node's JSON result carries answers of its own: a vocabulary's
/// question about its node answered after layout (MGBoxKit's scroll view adds `scrollOffset` and
/// `snapOffset`). `BoxLayout.jsonValue` adds the members of every such pass of a node's origin to
/// the node's object, wherever the node stands.
public protocol JSONAnswers: BoxPass {
    /// The members to add to `result`'s object (a key the result already has is replaced).
    func answers(_ result: BoxLayout) -> [String: JSONValue]
}

/// The vocabularies a box tree's JSON is read with, in the order they are asked about a node.
///
/// ``standard`` holds the three the project brings (MKLayoutLibrary, BoxView, MGBoxKit); add your
/// own with ``adding(_:)`` and pass the result to ``BoxRequest/init(json:fonts:vocabularies:images:)``.
/// The registry is a value the caller owns, not process-wide state: two requests may read with
/// different vocabularies at once, and a vocabulary added in one place changes nothing elsewhere.
public struct BoxVocabularies: Sendable {
    /// The vocabularies, in the order they are asked.
    public let all: [any BoxVocabulary]
    /// The custom MKLayoutLibrary layouts a tree may name (`{"customLayout": "circle", …}`), by
    /// name: each makes the layout from the node's `options`.
    public private(set) var customLayouts: [String: MKCustomLayoutMaker] = [:]

    /// Each marker key with the first vocabulary (its place in ``all``) that has it: a node's few
    /// keys are looked up here, rather than every vocabulary's markers in the node.
    private let markers: [String: Int]

    public init(_ vocabularies: [any BoxVocabulary]) {
        all = vocabularies
        var markers: [String: Int] = [:]
        for (index, vocabulary) in vocabularies.enumerated() {
            for key in vocabulary.markerKeys where markers[key] == nil { markers[key] = index }
        }
        self.markers = markers
    }

    /// These vocabularies, with a custom MKLayoutLibrary layout that a tree names `name`
    /// (`{"customLayout": name, "options": {…}, "items": […]}`): `make` builds it from the node's
    /// `options` (names and numbers), throwing ``RequestError`` for options it cannot use (named
    /// from the options: `RequestError(at: "columns", "must be 1 or more")` reads
    /// `options.columns: must be 1 or more`). The node's `id`, `width`, `height`, `margin`,
    /// paint and `items` are then set on the layout, as for the built-in ones.
    public func addingCustomLayout(_ name: String, _ make: @escaping MKCustomLayoutMaker) -> BoxVocabularies {
        var vocabularies = self
        vocabularies.customLayouts[name] = make
        return vocabularies
    }

    /// MKLayoutLibrary's layouts, BoxView's stacks and MGBoxKit's boxes.
    public static let standard = BoxVocabularies([
        StandardVocabulary.mkLayout, StandardVocabulary.boxView, StandardVocabulary.mgBox,
    ])

    /// These vocabularies and `vocabulary` after them.
    public func adding(_ vocabulary: any BoxVocabulary) -> BoxVocabularies {
        BoxVocabularies(all + [vocabulary])
    }

    /// The vocabulary whose node `value` is: the first whose marker key it has; nil for an engine
    /// node (or what is not an object).
    public func vocabulary(of value: JSONValue) -> (any BoxVocabulary)? {
        guard case .object(let members) = value else { return nil }
        var first: Int?
        for key in members.keys {
            if let index = markers[key], index < first ?? .max { first = index }
        }
        return first.map { all[$0] }
    }

    /// The top-level keys that make a JSON document a box tree rather than `mush line`'s row: an
    /// engine node's `children` and leaf keys, and every vocabulary's marker keys.
    public var documentKeys: [String] {
        ["children"] + BoxRequest.leafKeys + all.flatMap(\.markerKeys)
    }

    /// One sentence for help texts naming each vocabulary and its marker keys.
    public var summary: String {
        let each = all.map { "\($0.name) (a node with \(listed($0.markerKeys)))" }
        return "Nodes of \(listed(each, "and"))"
            + " are read as those libraries lay out and lowered to these nodes, in any order and nesting."
    }
}

/// A vocabulary the project brings: its name, its marker keys and the reader's method for its nodes.
struct StandardVocabulary: BoxVocabulary {
    typealias Read = @Sendable (inout BoxTreeReader, JSONValue, BoxTreeReader.Place) throws(RequestError) -> BoxNode

    let name: String
    let markerKeys: [String]
    let reading: Read

    func read(_ value: JSONValue, at place: BoxTreeReader.Place, with reader: inout BoxTreeReader)
        throws(RequestError) -> BoxNode
    {
        try reading(&reader, value, place)
    }

    /// Whether `vocabulary` is MGBoxKit's (whose boxes keep their size in other containers).
    static func isMGBox(_ vocabulary: (any BoxVocabulary)?) -> Bool {
        (vocabulary as? StandardVocabulary)?.name == mgBox.name
    }

    /// MKLayoutLibrary's linear, stack and flow layouts (the MushMKLayout article gives the keys).
    static let mkLayout = StandardVocabulary(name: "MKLayoutLibrary", markerKeys: MKLayoutJSON.markerKeys) {
        (reader, value, place) throws(RequestError) in try reader.mkNode(value, at: place.path, depth: place.depth)
    }

    /// BoxView's stacks (the MushBoxView article gives the keys).
    static let boxView = StandardVocabulary(name: "BoxView", markerKeys: BoxViewJSON.markerKeys) {
        (reader, value, place) throws(RequestError) in try reader.boxViewNode(value, at: place.path, depth: place.depth)
    }

    /// MGBoxKit's boxes, tables and scroll views (the MushMGBox article gives the keys).
    static let mgBox = StandardVocabulary(name: "MGBoxKit", markerKeys: MGBoxJSON.markerKeys) {
        (reader, value, place) throws(RequestError) in
        try reader.mgNode(value, at: place.path, depth: place.depth, sizedByContainer: place.sizedByContainer)
    }
}
