import Foundation

/// The corpus file `name` of `Benchmarks/Corpus/`, one text a line.
public func corpus(_ name: String) -> [String] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus")
    let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map(String.init)
}
