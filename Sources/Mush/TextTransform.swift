/// How text is shown in another case than it is written, as CSS's `text-transform`.
///
/// The text keeps its letters: offsets (line ranges, hit testing, carets) count in the text as
/// written, while it is shaped, measured and drawn as transformed. The mapping is ICU's, by the
/// paragraph's language: German "ß" becomes "SS", Turkish and Azeri "i" becomes "İ", Greek capitals
/// lose their accents, Dutch "ij" capitalizes as "IJ".
public enum TextTransform: String, Hashable, Sendable, CaseIterable {
    /// As written (undoes a paragraph's transform for a run).
    case none
    /// Every letter in upper case.
    case uppercase
    /// Every letter in lower case.
    case lowercase
    /// The first letter of each word in title case, the others as written.
    case capitalize
}
