/// Emoji presentation sequences: the grapheme clusters drawn with a colour emoji font first (as
/// Pango and browsers draw them), whatever font the text asked for.
enum Emoji {
    /// Whether the cluster `range` of `text` shows as an emoji: it starts with a character shown as
    /// emoji by default (Emoji_Presentation: 😀, a regional indicator of a flag) and no text
    /// selector (U+FE0E) follows it; or it starts with an emoji character and holds the emoji
    /// selector (U+FE0F), a skin-tone modifier or the keycap mark (U+20E3). ZWJ sequences are one
    /// cluster and follow their first character.
    static func isPresentation(_ text: [UInt16], _ range: Range<Int>) -> Bool {
        let first = Itemizer.scalar(in: text, at: range.lowerBound)
        let value = first.value
        guard mayBePresentation(first, count: range.count) else { return false }
        var units = range.lowerBound + (value > 0xFFFF ? 2 : 1)
        var selected = false
        while units < range.upperBound {
            let scalar = Itemizer.scalar(in: text, at: units)
            switch scalar.value {
            case 0xFE0E: return false
            case 0xFE0F, 0x20E3, 0x1F3FB...0x1F3FF: selected = true
            default: break
            }
            units += scalar.value > 0xFFFF ? 2 : 1
        }
        if value < 0x80 { return selected }
        let properties = first.properties
        return properties.isEmojiPresentation || (selected && properties.isEmoji)
    }

    /// False where a cluster of `count` units starting with `first` cannot be an emoji
    /// presentation: most text is far from emoji (ideographs, Hangul and most alphabets never
    /// are), and the itemizer asks this first, for every cluster, without looking further.
    @inline(__always)
    static func mayBePresentation(_ first: Unicode.Scalar, count: Int) -> Bool {
        let value = first.value
        if value < 0x80 {
            // Keycaps: a digit, # or * followed by U+FE0F and U+20E3 (or U+20E3 alone).
            return count > 1 && ((0x30...0x39).contains(value) || value == 0x23 || value == 0x2A)
        }
        if value < 0x2000 { return value == 0xA9 || value == 0xAE }
        return !(0x3400..<0x1F000).contains(value)
    }
}
