import Foundation
import HTTPTypes
import Hummingbird

/// The playground: one page of plain HTML, CSS and JavaScript, served from the package's resources
/// (no build step, nothing from another site), and the examples it offers.
///
/// The page edits a document's JSON and draws it as SVG (`POST /render?format=svg`) a moment
/// after each edit; hovering the picture asks `POST /layout?hit=X,Y` for the boxes under the
/// pointer and outlines the topmost with its JSON path and frame; an error shows its message and
/// path beside the editor while the last good picture stays; a Mush tab measures a paragraph at
/// a width (`POST /measure`) and shows its lines and HTML (`POST /parse?format=html`); the picture
/// downloads as PNG or PDF; the document is kept in the URL's fragment, so a link reproduces it.
public enum Playground {
    /// The page, read once from the package's resources.
    static let html: String? = Bundle.module.url(
        forResource: "index", withExtension: "html", subdirectory: "Playground"
    )
    .flatMap { try? String(contentsOf: $0, encoding: .utf8) }

    /// The page's script, read once.
    static let script: String? = Bundle.module.url(
        forResource: "playground", withExtension: "js", subdirectory: "Playground"
    ).flatMap { try? String(contentsOf: $0, encoding: .utf8) }

    static func page() -> Response { resource(html, type: "text/html; charset=utf-8") }

    static func pageScript() -> Response { resource(script, type: "text/javascript; charset=utf-8") }

    private static func resource(_ text: String?, type: String) -> Response {
        guard let text else { return ServiceError.notFound("the playground is not installed").response }
        var headers = HTTPFields()
        headers[.contentType] = type
        // The page loads nothing from elsewhere and runs only its own script file (no inline
        // script, so HTML it shows cannot run any).
        headers[.contentSecurityPolicy] =
            "default-src 'self'; script-src 'self'; style-src 'unsafe-inline' 'self'; img-src 'self' data: blob:; connect-src 'self' blob:"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// Whether `name` may name an example: letters, digits, `-` and `_`, then `.json`.
    static func isExampleName(_ name: String) -> Bool {
        name.hasSuffix(".json") && name.count <= 80
            && name.dropLast(5).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
            && name.count > 5
    }

    /// `["card.json", …]`: the examples folder's documents, sorted.
    static func exampleList(in folder: String?) -> Response {
        let names =
            folder.flatMap { try? FileManager.default.contentsOfDirectory(atPath: $0) }?.filter(isExampleName).sorted()
            ?? []
        let json = "[" + names.map { "\"\($0)\"" }.joined(separator: ",") + "]\n"
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json)))
    }

    /// One example's JSON; a name that is not one is 404.
    static func example(_ name: String, in folder: String?) -> Response {
        guard let folder, isExampleName(name),
            let data = FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(name))
        else {
            return ServiceError.notFound("no example \(name.prefix(80))").response
        }
        var headers = HTTPFields()
        headers[.contentType] = "application/json; charset=utf-8"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
