import Foundation
import MushCommands
import Testing

/// A box that gives its own size does not need its image's: a file that gives no size is drawn
/// as a placeholder with a warning, as a browser draws a broken `<img>` given a width and a height.
@Suite("Images in boxes that give their size")
struct SizedImageBoxTests {
    @Test(arguments: [
        ("missing.png", "image not found: ROOT/missing.png"),
        ("text.png", "not a PNG, JPEG, WebP or SVG file: ROOT/text.png"),
        ("../outside.png", "outside the image root ROOT, not read: ../outside.png"),
    ])
    func aBadImageInASizedBoxIsAPlaceholder(file: String, warning: String) async throws {
        try await inFolder { folder in
            let root = folder.appendingPathComponent("root")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
            try Data("hello\n".utf8).write(to: root.appendingPathComponent("text.png"))
            try Data("hello\n".utf8).write(to: folder.appendingPathComponent("outside.png"))
            let output = folder.appendingPathComponent("box.png").path
            let tree = #"{"width": 30, "height": 20, "image": {"file": "\#(file)"}}"#
            let result = try await mush(
                ["render", "-", "-o", output, "--image-root", root.path], input: Data(tree.utf8))
            #expect(result.status == 0)
            #expect(result.output == "\(output): 30 × 20 pixels\n")
            let expected = warning.replacingOccurrences(of: "ROOT", with: root.path)
            #expect(result.error == "mush: warning: root: \(expected); drew a placeholder\n")
            // Its size is needed where the box gives none: an error, as before.
            let unsized = #"{"width": 30, "image": {"file": "\#(file)"}}"#
            let failed = try await mush(
                ["render", "-", "-o", output, "--image-root", root.path], input: Data(unsized.utf8))
            #expect(failed.status != 0)
            #expect(failed.error.contains("the image's size comes from its file"), "\(failed.error)")
        }
    }
}
