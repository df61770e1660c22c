// The text engine alone, for Benchmarks/memory.sh: a file's text (one final line break dropped),
// plain, shaped and laid out at an optional width with the standard fonts; prints the number of
// lines, the width and the height. What `mush measure` does without the command's own result and
// JSON. memory.sh compiles it with swiftc against the package's release build.
import Foundation
import Mush
import MushText

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: MemoryProbe FILE [WIDTH]\n".utf8))
    exit(2)
}
var text = String(decoding: data, as: UTF8.self)
if text.hasSuffix("\n") { text.removeLast() }
let width = arguments.count > 2 ? Double(arguments[2]) : nil
do {
    let paragraph = try Paragraph(MushDocument([(text: text, attributes: .plain)]))
    let layout = paragraph.layout(width: width)
    print(layout.lines.count, layout.width, layout.height)
} catch {
    FileHandle.standardError.write(Data("MemoryProbe: \(error)\n".utf8))
    exit(1)
}
