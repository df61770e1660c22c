import MushBox
import MushTestSupport
import Testing

/// The box fuzzer's operation table (Fuzz/BoxFuzz.swift reads it from MushTestSupport): a byte
/// reaches every property and every shortcut, however many properties the style table has.
@Suite("Box fuzzer operations")
struct BoxFuzzOperationTests {
    /// Every property but the shorthands, the page-break ones included, then the five shortcuts,
    /// each chosen by some byte; the modulus is their number, not a fixed 32.
    @Test func everyPropertyAndShortcutIsReachable() {
        let reached = Set((0...255).map { BoxFuzzOperation(byte: UInt8($0)) })
        let properties = BoxStyle.properties.filter { !$0.isShorthand }
        #expect(BoxFuzzOperation.count == properties.count + 5)
        #expect(reached.count == BoxFuzzOperation.count)
        for index in properties.indices { #expect(reached.contains(.property(index)), "\(properties[index].name)") }
        for shortcut in [BoxFuzzOperation.size, .zeroMinimums, .padding, .border, .leafWithChildren] {
            #expect(reached.contains(shortcut), "\(shortcut)")
        }
        #expect(BoxFuzzOperation.everyOperationIsReachable)
        // The page properties are fuzzed too.
        let names = BoxFuzzOperation.properties.map(\.name)
        #expect(names.contains("breakBefore") && names.contains("breakInside") && names.contains("repeat"))
        // Bytes past the table wrap to its start: 31 properties and 5 shortcuts make 36.
        #expect(BoxFuzzOperation(byte: UInt8(BoxFuzzOperation.count)) == .property(0))
        #expect(BoxFuzzOperation(byte: UInt8(BoxFuzzOperation.count - 1)) == .leafWithChildren)
    }
}
