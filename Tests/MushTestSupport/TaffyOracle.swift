import Foundation
import MushBox

/// The box engine's live oracles in the tests, run as processes: `Tests/BoxOracle/taffy_oracle.py`
/// (Taffy through stretchable) and, with ``chromiumScript``, `Tests/BoxOracle/chromium_oracle.py`
/// (Debian's Chromium through selenium).
public enum TaffyOracle {
    /// The Taffy oracle's script.
    public static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BoxOracle/taffy_oracle.py")
    /// The Chromium oracle's script.
    public static let chromiumScript = script.deletingLastPathComponent().appendingPathComponent("chromium_oracle.py")

    /// A failed run: its status and what it wrote on standard error.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The oracle's standard output for `arguments` (after the script's path).
    public static func run(_ arguments: [String], script: URL = script) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // (The oracle writes a line or two on standard error at most: that pipe never fills.)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "the oracle failed (status \(process.terminationStatus); are stretchable, selenium and "
                    + "chromium installed? .ci/install sets them up): "
                    + String(decoding: message, as: UTF8.self))
        }
        return data
    }

    /// The oracle's output read as JSON Lines, one object a line.
    public static func lines(_ arguments: [String], script: URL = script) throws -> [[String: Any]] {
        try String(decoding: run(arguments, script: script), as: UTF8.self).split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }

    /// Every difference over 0.1 between the engine's frames and the oracle's (`expected`, the oracle's
    /// `{"x", "y", "width", "height", "children"}`), by path.
    public static func differences(
        _ layout: BoxLayout, _ expected: [String: Any], path: String = "root", oracle: String = "Taffy"
    ) -> [String] {
        var found: [String] = []
        for (key, got) in [("x", layout.x), ("y", layout.y), ("width", layout.width), ("height", layout.height)] {
            let want = (expected[key] as! NSNumber).doubleValue
            if abs(got - want) > 0.1 { found.append("\(path).\(key) \(got) (\(oracle) \(want))") }
        }
        let children = expected["children"] as? [[String: Any]] ?? []
        guard children.count == layout.children.count else { return found + ["\(path): child counts differ"] }
        for (index, (child, want)) in zip(layout.children, children).enumerated() {
            found += differences(child, want, path: path + ".children[\(index)]", oracle: oracle)
        }
        return found
    }
}
