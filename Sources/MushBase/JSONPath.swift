/// JSON paths as the package's errors and warnings name values: `children[1].items[0].view`.
package enum JSONPath {
    /// A path joined with a path below it: `children[1]` and `width` make `children[1].width`, and
    /// `[2]` goes on without a dot; either may be empty (the root, or the node itself).
    package static func join(_ path: String, _ key: String) -> String {
        if key.isEmpty { return path }
        return path.isEmpty ? key : (key.hasPrefix("[") ? path + key : path + "." + key)
    }
}
