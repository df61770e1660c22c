import Foundation
import MushJSON
import MushTestSupport
import MushText
import Testing

@testable import MushBox

/// The box engine against a live Taffy (0.7.7, through Python's `stretchable`, which the project's
/// setup installs): random trees within the engine's scope from `Tests/BoxOracle/taffy_oracle.py`, a
/// seeded, bounded sample, every frame compared within 0.1 point, unrounded (the algorithms are
/// compared; the browser fixtures check the rounding, where Taffy rounds halves away from zero).
///
/// Taffy is not a browser: where it is known to differ from the browser fixtures (the oracle marks
/// those cases `suspect`, with the reason), the fixtures decide, and a difference there is counted,
/// not failed. Every other case must agree.
@Suite struct TaffyDifferentialTests {
    struct Frame: Equatable {
        var x, y, width, height: Double
    }

    /// Runs the oracle: `count` cases of `seed`, each a JSON object with the tree and Taffy's frames.
    static func cases(seed: Int, count: Int) throws -> [[String: Any]] {
        try TaffyOracle.lines(["layout", "--exact", "--generate", "--seed", String(seed), "--count", String(count)])
    }

    /// The oracle reads every style key the engine's table has (a property added to
    /// `BoxStyle.properties` must be taught to the oracle too, or its random trees never hold it).
    @Test func theOracleReadsEveryStyleKey() throws {
        let keys = try JSONSerialization.jsonObject(with: TaffyOracle.run(["keys"])) as! [String]
        #expect(keys == BoxRequest.styleKeys.sorted())
    }

    static func space(_ value: Any?) -> AvailableSpace {
        if let number = value as? NSNumber { return .points(number.doubleValue) }
        return (value as? String) == "min-content" ? .minContent : .maxContent
    }

    /// Seed 7, 300 cases; `MUSH_TAFFY_SEED` and `MUSH_TAFFY_COUNT` run another sample (for the longer
    /// runs the docs quote), where every case must still agree or be suspect.
    @Test func randomTreesAgreeWithTaffy() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["MUSH_TAFFY_SEED"].flatMap { Int($0) } ?? 7
        let count = environment["MUSH_TAFFY_COUNT"].flatMap { Int($0) } ?? 300
        let cases = try Self.cases(seed: seed, count: count)
        #expect(cases.count == count)
        var agreeing = 0
        var suspectDiffering: [String] = []
        var failures: [String] = []
        var cacheDependent: [String] = []
        for item in cases {
            let tree = try JSONSerialization.data(withJSONObject: item["tree"]!)
            let request = try BoxRequest(json: Array(tree), fonts: .standard)
            let layout = try request.layout(
                width: Self.space(item["width"]), height: Self.space(item["height"]),
                rounding: .exact)
            let found = TaffyOracle.differences(layout, item["expected"] as! [String: Any])
            let name = item["name"] as! String
            // The caches never change an answer (CacheTests does the same for the fixtures).
            let (width, height) = (Self.space(item["width"]), Self.space(item["height"]))
            if request.dependsOnTheCaches(width: width, height: height) { cacheDependent.append(name) }
            if found.isEmpty {
                agreeing += 1
            } else if item["suspect"] != nil {
                suspectDiffering.append(name)
            } else {
                failures.append("\(name): \(found.prefix(3).joined(separator: "; "))")
            }
        }
        if let path = ProcessInfo.processInfo.environment["MUSH_TAFFY_REPORT"] {
            try
                (["agree \(agreeing)", "suspect and differing \(suspectDiffering.count)"] + suspectDiffering
                + failures).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        // Where this stands (seed 7, 300 cases, unrounded): 80 agree and 220 differ where Taffy is known
        // to be doubtful (each pattern reduced to a few nodes and checked against the specifications:
        // Tests/BoxOracle/README.md); none differs elsewhere, so any that does is most likely the
        // engine's. (Six more agreed while the engine's cache, like Taffy's, ignored whether a node's
        // own size applies: both then answered one question with another's answer. 170 agreed before
        // the engine carried aspect ratios through stretched and flexed sizes as Chromium does, which
        // Taffy does not: against Chromium, that change made 14 of 900 random trees agree and one
        // differ; 133 agreed before a flexed main size was carried across too, which made 2 of them
        // agree with Chromium and none differ; 109 after the engine followed Chromium, where Taffy does not,
        // in aligning absolutely positioned boxes between their insets, the fallback of overflowing
        // distributions in reversed containers, auto margins across an overflowing line and the least
        // size of a border-box aspect ratio: the oracle flags those shapes; 101 once percentages
        // resolve only against definite heights, as in Chromium; 94 once rows of auto width take their
        // items' content contributions and columns of auto height their hypothetical heights; 86 once
        // a ratio's limits cross only into an axis of auto size and its size is a floor under the
        // content; 85 once a flex item's contribution is Chromium's; 82 once ratios follow Chromium
        // for column items and absolutely positioned leaves; 83 again later; 79 once an aspect ratio
        // gives absolutely positioned boxes their size before their insets do, and an explicit
        // minimum turns off a ratio box's content floor, as in Chromium: of the four trees that
        // changed, with their borders in whole points (Chromium draws 5.5 as 5), the engine now agrees
        // with Chromium on three, and on none before; 80 once items stretch only into definite
        // sizes and a ratio's size stays within the box's limits.) The bounds keep the figures from
        // getting worse.
        if seed == 7, count == 300 { #expect(agreeing >= 80, "\(agreeing) of 300 agree") }
        #expect(failures.isEmpty, "\(failures.count) cases differ from Taffy: \(failures.prefix(5))")
        #expect(cacheDependent.isEmpty, "laid out differently without the caches: \(cacheDependent.prefix(5))")
    }
}
