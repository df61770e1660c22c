import HTTPTypes
import Hummingbird
import MushDSL
import MushJobs
import MushRender
import NIOCore

extension BoxRenderer {
    /// `tree` drawn as `output` and answered: the picture with its media type, an `ETag` of its
    /// bytes (the same tree gives the same bytes, so a client's `If-None-Match` with it answers 304
    /// Not Modified, and nothing is sent again) and `Cache-Control` as `cacheControl` says. A tree
    /// with a bad value is a 400 naming it; a picture that cannot be drawn a 422; a cancelled
    /// drawing (the client gone) a 503.
    ///
    /// ```swift
    /// let renderer = BoxRenderer()
    /// router.get("/cards/:name") { request, context in
    ///     let name = try context.parameters.require("name")
    ///     return try await renderer.response(Text("Hello, \(name)").padding(12), as: .png(scale: 2), for: request)
    /// }
    /// ```
    public func response(
        _ tree: some BoxContent, as output: Output, for request: Request? = nil,
        cacheControl: String = "public, max-age=3600"
    ) async throws(HTTPError) -> Response {
        let picture: Rendering
        do throws(Failure) {
            picture = try await render(tree, as: output)
        } catch {
            switch error {
            case .build, .layout: throw HTTPError(.badRequest, message: error.description)
            case .render: throw HTTPError(.unprocessableContent, message: error.description)
            case .cancelled: throw HTTPError(.serviceUnavailable, message: error.description)
            }
        }
        let tag = "\"\(Self.fingerprint(picture.data))\""
        var headers: HTTPFields = [:]
        headers[.eTag] = tag
        headers[.cacheControl] = cacheControl
        if let request,
            request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == tag
            }) == true
        {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = picture.format.contentType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: picture.data)))
    }

    /// The FNV-1a hash of `bytes`, in hex: the same bytes give the same tag.
    static func fingerprint(_ bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
