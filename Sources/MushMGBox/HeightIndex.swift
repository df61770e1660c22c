/// The heights of a column of rows as a Fenwick tree (a binary indexed tree): the offset of a row's
/// top, changing one row's height and finding the row at an offset each cost O(log n), for one
/// `Double` a row.
///
/// Node `k` (1-based) holds the sum of the heights of rows `k - lowbit(k) ..< k`, where `lowbit(k)`
/// is the lowest set bit of `k`. Every sum is added from the largest node down (the bits of the row
/// count from the highest), the order in which ``position(atOrBelow:)`` lifts through the tree, so
/// the offset it compares with is, to the last bit, the one ``prefix(_:)`` gives: the row found at
/// `prefix(i)` is row `i` whenever `prefix(i + 1)` is larger (row `i` is taller than 0).
///
/// Heights are at least 0, so the sums grow with the row count. With heights that are whole numbers
/// or multiples of a power of two (1/64 of a point) every sum is exact; other heights are summed
/// with the rounding of `Double`, about 10⁻¹⁶ of the offset for each row above it.
struct HeightIndex: Sendable {
    /// `nodes[k - 1]` is node `k`.
    private var nodes: [Double]
    /// The largest power of two at most `count` (0 with no rows): the first step of a search.
    private let topStep: Int

    /// `count` rows of `height` each, built in O(n): node `k` is `height × lowbit(k)`, exact, as
    /// `lowbit(k)` is a power of two.
    init(count: Int, height: Double) {
        nodes = count == 0 ? [] : (1...count).map { height * Double($0 & -$0) }
        topStep = count == 0 ? 0 : 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount)
    }

    /// How many rows.
    var count: Int { nodes.count }

    /// The sum of the heights of the first `rows` rows (0...count): the offset of row `rows`'s top.
    func prefix(_ rows: Int) -> Double {
        var sum = 0.0
        var node = 0
        var rest = rows
        while rest > 0 {
            let high = 1 << (Int.bitWidth - 1 - rest.leadingZeroBitCount)
            node += high
            sum += nodes[node - 1]
            rest -= high
        }
        return sum
    }

    /// Adds `delta` to the height of row `row` (0..<count).
    mutating func add(_ delta: Double, toRow row: Int) {
        var node = row + 1
        while node <= nodes.count {
            nodes[node - 1] += delta
            node += node & -node
        }
    }

    /// The largest row count `p` (0...count) whose rows sum to at most `offset`: `prefix(p) ≤
    /// offset < prefix(p + 1)`, so `p` is the row whose span `[top, bottom)` holds `offset` (rows of
    /// height 0 hold no offset), `count` past the end and 0 before the start (or at NaN).
    func position(atOrBelow offset: Double) -> Int {
        var node = 0
        var sum = 0.0
        var step = topStep
        while step > 0 {
            let next = node + step
            if next <= nodes.count {
                let candidate = sum + nodes[next - 1]
                if candidate <= offset {
                    node = next
                    sum = candidate
                }
            }
            step >>= 1
        }
        return node
    }
}
