import MushBase

extension BoxTreeReader {
    /// The root key `document` (`DocumentInfo`): strings, `keywords` an array of strings, `tagged` a
    /// Boolean, each value checked (`DocumentInfo.problem()`) and named by its path
    /// (`document.language`).
    func documentInfo(_ value: JSONValue) throws(RequestError) -> DocumentInfo {
        let object = try JSONObject(
            value, at: "document",
            keys: ["title", "author", "subject", "keywords", "creator", "language", "created", "tagged"])
        let keywords = try object.array("keywords", expected: "an array of strings") {
            (element, path) throws(RequestError) -> String in
            guard case .string(let keyword) = element else {
                throw RequestError(at: path, "expected a string, not \(element.kindName)")
            }
            return keyword
        }
        let document = DocumentInfo(
            title: try object.string("title"), author: try object.string("author"),
            subject: try object.string("subject"), keywords: keywords ?? [], creator: try object.string("creator"),
            language: try object.string("language"), created: try object.string("created"),
            tagged: try object.bool("tagged"))
        if let (key, problem) = document.problem() { throw RequestError(at: object.path(key), problem) }
        return document
    }
}
