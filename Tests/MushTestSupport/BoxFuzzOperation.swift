import MushBox

/// What one operation byte of the box fuzzer (`Fuzz/BoxFuzz.swift`) does to a node's style: set one
/// of the fuzzed properties (every property of `BoxStyle.properties` but the shorthands, which only
/// set others), or take one of the shortcuts to the cases the fuzzer's containment and neighbour
/// properties look at.
///
/// The byte is read modulo ``count``, the number of properties plus the number of shortcuts, so
/// that every operation is reachable however many properties there are (a fixed modulus of 32 left
/// three shortcuts and ``leafWithChildren`` unreachable once there were 31 properties). The fuzzer
/// and `MushBoxTests` share this file (`Fuzz/run.sh` compiles it into the box target), so the tests
/// check the table the fuzzer runs.
public enum BoxFuzzOperation: Hashable, Sendable {
    /// Sets ``properties``[index].
    case property(Int)
    /// Gives the node a width and a height in points.
    case size
    /// Sets both minimum sizes to 0 points.
    case zeroMinimums
    /// Gives every edge the same padding in points.
    case padding
    /// Gives every edge the same border in points.
    case border
    /// Makes the node a leaf even when it has children (a bad tree, which validation refuses).
    case leafWithChildren

    /// The properties an operation may set, in `BoxStyle.properties`' order, shorthands left out: a
    /// property added there is fuzzed without an edit.
    public static let properties = BoxStyle.properties.filter { !$0.isShorthand }

    /// The shortcuts, after the properties.
    public static let shortcuts: [BoxFuzzOperation] = [.size, .zeroMinimums, .padding, .border, .leafWithChildren]

    /// How many operations there are: the modulus an operation byte is read with.
    public static let count = properties.count + shortcuts.count

    /// Every operation, in the order of the indices a byte gives.
    public static let all: [BoxFuzzOperation] = properties.indices.map { .property($0) } + shortcuts

    /// The operation `byte` chooses: `all[byte % count]`.
    public init(byte: UInt8) {
        self = Self.all[Int(byte) % Self.count]
    }

    /// Whether every operation is chosen by some byte: false once there are more than 256 (the
    /// fuzzer then stops at its start, and the tests fail).
    public static var everyOperationIsReachable: Bool {
        Set((0...255).map { BoxFuzzOperation(byte: UInt8($0)) }).count == count
    }
}
