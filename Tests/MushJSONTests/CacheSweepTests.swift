import Foundation
import MushJSON
import MushTestSupport
import MushText
import Testing

@testable import MushBox

/// The caches never change an answer, on the random trees of both oracles' generators (made by
/// their `generate` commands, so no browser or Taffy runs): each tree laid out with and without
/// them, every frame the same, bit for bit.
///
/// The samples are those where five trees once differed (found by a sweep of 13,000 trees, seeds
/// 1–10 of both generators): a width measured at a height served as the height found without it
/// (`chromium-10-24`, and three more like it), and a ratio box's limits keyed without the
/// percentage base they read (`chromium-10-838`). `MUSH_CACHE_SWEEP` (`chromium:SEED:COUNT` or
/// `taffy:SEED:COUNT`, comma-separated) sweeps others.
@Suite struct CacheSweepTests {
    static let samples: [(script: URL, seed: Int, count: Int)] = {
        guard let sweep = ProcessInfo.processInfo.environment["MUSH_CACHE_SWEEP"] else {
            return [
                (TaffyOracle.chromiumScript, 3, 1000), (TaffyOracle.chromiumScript, 7, 450),
                (TaffyOracle.chromiumScript, 10, 850), (TaffyOracle.script, 4, 150),
            ]
        }
        return sweep.split(separator: ",").compactMap { sample in
            let parts = sample.split(separator: ":")
            guard parts.count == 3, let seed = Int(parts[1]), let count = Int(parts[2]) else { return nil }
            return (parts[0] == "taffy" ? TaffyOracle.script : TaffyOracle.chromiumScript, seed, count)
        }
    }()

    @Test func randomTreesComeOutTheSameWithoutTheCaches() throws {
        var differing: [String] = []
        var laidOut = 0
        for sample in Self.samples {
            let cases = try TaffyOracle.lines(
                ["generate", "--seed", String(sample.seed), "--count", String(sample.count)], script: sample.script)
            #expect(cases.count == sample.count)
            for item in cases {
                let tree = try JSONSerialization.data(withJSONObject: item["tree"]!)
                // (Trees the engine refuses are the differential tests' business.)
                guard let request = try? BoxRequest(json: Array(tree), fonts: .standard) else { continue }
                let space = (TaffyDifferentialTests.space(item["width"]), TaffyDifferentialTests.space(item["height"]))
                if request.dependsOnTheCaches(width: space.0, height: space.1) {
                    differing.append(item["name"] as! String)
                }
                laidOut += 1
            }
        }
        #expect(laidOut > Self.samples.reduce(0) { $0 + $1.count } * 9 / 10)
        #expect(differing.isEmpty, "\(differing.count) trees differ: \(differing.prefix(5))")
    }
}

extension BoxRequest {
    /// Whether the request's tree, laid out in `width` and `height`, comes out otherwise without
    /// the engine's caches: any frame differing, by any amount (it never should).
    func dependsOnTheCaches(width: AvailableSpace, height: AvailableSpace) -> Bool {
        BoxEngine.laidOut(root, width: width, height: height).copiedFrames()
            != BoxEngine.laidOut(root, width: width, height: height, usesCache: false).copiedFrames()
    }
}
