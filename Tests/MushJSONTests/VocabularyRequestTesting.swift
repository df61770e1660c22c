import MushText

@testable import MushJSON

/// What the suites of the vocabularies' JSON (MGBoxKit, MKLayoutLibrary, BoxView, and their nesting)
/// share: a box tree read and written with the suite's fonts.
protocol VocabularyRequestTesting {
    var fonts: FontCollection { get }
}

extension VocabularyRequestTesting {
    /// The error a box tree's JSON gives when read and laid out, or nil when it gives none.
    func error(_ json: String) -> String? {
        do {
            _ = try BoxRequest(json: Array(json.utf8), fonts: fonts).json()
            return nil
        } catch {
            return error.description
        }
    }
}
