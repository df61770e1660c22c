/// A place in a document's input as typed components: `children[1].items[0].view` is the key
/// `children`, the index 1, the key `items`, the index 0 and the key `view`. The lowering stage
/// records one for every engine node a vocabulary makes (MushBox's `BoxOrigin`), so that answers,
/// errors and warnings name what the input named.
public struct InputPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    /// One step: a member's key, or an element's index.
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) {
        self.components = components
    }

    public init(arrayLiteral components: Component...) {
        self.components = components
    }

    /// `key[index]`: an element of the array member `key` (`boxes[2]`).
    public static func element(_ index: Int, of key: String) -> InputPath {
        [.key(key), .index(index)]
    }

    /// Whether it names the place it starts from (no steps).
    public var isEmpty: Bool { components.isEmpty }

    /// This path, then `other`.
    public static func + (path: InputPath, other: InputPath) -> InputPath {
        InputPath(path.components + other.components)
    }

    /// As JSON paths are written in errors and warnings: keys joined by dots, indices in brackets
    /// (`children[1].items[0].view`); empty for no steps.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
