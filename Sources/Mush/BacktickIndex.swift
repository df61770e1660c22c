/// Finds code-span closers in linear total time.
///
/// It lists every maximal run of backticks in the input once, by length. Queries come with
/// increasing positions (the tokenizer moves left to right), so each length keeps a cursor that only
/// moves forward: all queries together cost O(number of runs), however the lengths are mixed.
struct BacktickIndex {
    private var starts: [Int: [Int]] = [:]
    private var cursors: [Int: Int] = [:]

    init(_ input: [Unicode.Scalar]) {
        let backtick = MushToken.code.character
        var i = 0
        while i < input.count {
            guard input[i] == backtick else {
                i += 1
                continue
            }
            let start = i
            while i < input.count, input[i] == backtick { i += 1 }
            starts[i - start, default: []].append(start)
        }
    }

    /// The start of the first maximal run of exactly `length` backticks that starts at or after
    /// `position`, or nil. `position` must not decrease from one call to the next.
    mutating func closer(length: Int, from position: Int) -> Int? {
        guard let list = starts[length] else { return nil }
        var cursor = cursors[length, default: 0]
        while cursor < list.count, list[cursor] < position { cursor += 1 }
        cursors[length] = cursor
        return cursor < list.count ? list[cursor] : nil
    }
}
