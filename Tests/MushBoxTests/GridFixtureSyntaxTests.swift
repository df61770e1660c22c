import Foundation
import Testing

@testable import MushBox

/// Every grid value of the browser fixtures (Fixtures/grid.jsonl, Taffy's Chrome-computed grid
/// cases) read by the grid parsers. The engine does not lay grids out yet (issue 58); this checks
/// that the syntax covers what the fixtures write, and which values the limits turn away.
@Suite struct GridFixtureSyntaxTests {
    @Test func everyFixtureValueReads() throws {
        let url = try #require(Bundle.module.url(forResource: "grid", withExtension: "jsonl", subdirectory: "Fixtures"))
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 860)
        var refused: [String: String] = [:]
        var values = 0
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = object["name"] as! String
            func walk(_ node: [String: Any]) {
                for (key, value) in node where key.hasPrefix("grid") {
                    let text = (value as? String) ?? (value as? NSNumber).map { "\($0.intValue)" } ?? ""
                    values += 1
                    do throws(GridSyntaxError) {
                        switch key {
                        case "gridTemplateColumns", "gridTemplateRows": _ = try GridTrackList(parsing: text)
                        case "gridAutoColumns", "gridAutoRows": _ = try GridAutoTracks(parsing: text)
                        case "gridAutoFlow": _ = try GridAutoFlow(parsing: text)
                        case "gridColumnStart", "gridColumnEnd", "gridRowStart", "gridRowEnd":
                            _ = try GridLine(parsing: text)
                        case "gridColumn", "gridRow": _ = try GridLine.pair(parsing: text)
                        case "gridTemplateAreas": _ = try GridTemplateAreas(parsing: text)
                        default: Issue.record("\(name): a grid key the parsers do not know: \(key)")
                        }
                    } catch {
                        refused[name] = "\(key) \(text): \(error)"
                    }
                }
                for child in node["children"] as? [[String: Any]] ?? [] { walk(child) }
            }
            walk(object["tree"] as! [String: Any])
        }
        #expect(values > 2_000)
        // Only the fixtures that test how browsers clamp lines, spans and repetitions past 10,000
        // (9 fixtures, 4 variants each) hold values the limits refuse.
        #expect(refused.count == 36, "\(refused)")
        #expect(refused.keys.allSatisfy { $0.hasPrefix("grid_overlarge_") }, "\(refused)")
        #expect(
            refused.values.allSatisfy {
                $0.contains("from -10000 to 10000 other than 0")
                    || $0.contains("a span is a whole number of tracks from 1 to 10000")
                    || $0.contains("repeat() takes a whole number of times from 1 to 10000")
                    || $0.contains("a track list expands to at most 10000 tracks")
            }, "\(Set(refused.values))")
    }
}
