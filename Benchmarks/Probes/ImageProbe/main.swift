// Images on the server's path, in-process: reading image sizes from headers (cold: a new set of
// image files each time, so the file is opened and read; warm: the set's cache), and the README's
// card (Examples/card.json: a JPEG photo covering its frame, an SVG icon, a gradient badge) read,
// laid out and drawn to PNG at scale 2. Best of RUNS, µs. For images.sh, which times the whole
// process (`mush render`) beside it.
//
//   ImageProbe ROOT [RUNS]     (ROOT: the repository)
import Foundation
import MushImage
import MushJSON
import MushRender
import MushText
import ProbeClock

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: ImageProbe ROOT [RUNS]\n".utf8))
    exit(2)
}
let root = arguments[1]
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 200 : 200

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<runs {
        let start = now()
        try body()
        best = min(best, now() - start)
    }
    return best
}

let folder = root + "/Tests/MushImageTests/Images"
print("== image sizes from headers: file, cold µs (opened and read), warm µs (cached)")
for file in ["user@2x.png", "halves.jpg", "halves-rotated.jpg", "halves-lossy.webp", "icon.svg"] {
    let cold = try best(runs) { _ = try ImageFiles(folder: folder).size(of: file) }
    let files = ImageFiles(folder: folder)
    _ = try files.size(of: file)
    let warm = try best(runs) { _ = try files.size(of: file) }
    print(String(format: "%@ %.2f %.3f", file, cold, warm))
}

let examples = root + "/Examples"
let card = try Data(contentsOf: URL(fileURLWithPath: examples + "/card.json"))
let fonts = FontCollection.shipped
print("== the README's card, read, laid out and drawn to PNG at scale 2: best µs of \(runs) (each step)")
var read = Double.infinity
var laid = Double.infinity
var drawn = Double.infinity
var bytes = 0
for _ in 0..<runs {
    let start = now()
    let images = ImageFiles(folder: examples)
    let request = try BoxRequest(json: [UInt8](card), fonts: fonts, images: images)
    let afterRead = now()
    let layout = try request.layout(width: .points(320))
    let afterLayout = now()
    let options = RenderOptions(scale: 2, background: nil, images: images)
    let png = try Renderer.render(layout, as: .png, options: options)
    let end = now()
    guard png.warnings.isEmpty else { fatalError("the card drew with warnings: \(png.warnings)") }
    bytes = png.data.count
    read = min(read, afterRead - start)
    laid = min(laid, afterLayout - afterRead)
    drawn = min(drawn, end - afterLayout)
}
print(
    String(
        format: "read %.0f layout %.0f draw %.0f total-of-bests %.0f png-bytes %d", read, laid, drawn,
        read + laid + drawn, bytes))
