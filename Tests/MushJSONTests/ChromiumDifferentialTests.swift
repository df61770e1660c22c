import Foundation
import MushJSON
import MushTestSupport
import MushText
import Testing

@testable import MushBox

/// The box engine against a real browser: random box trees of `Tests/BoxOracle/chromium_oracle.py`
/// (a root and up to three levels below it, up to four children a node, every style key of the
/// engine, fixed-size leaves), laid out by Debian's Chromium (headless, through selenium; the
/// project's setup installs both), every frame compared within 0.1 point, unrounded.
///
/// The engine does not agree with Chromium on every tree yet: the classes of the differences left
/// are named, with an example each, in the MushBox catalog's `BoxLayoutRules` ("Checked against
/// browsers"). This test holds the agreement of a seeded sample at its present figure, so that it can
/// only get better; the differences it finds once reduced (`chromium_oracle.py reduce`) and fixed
/// become the named fixtures of `Tests/MushBoxTests/Fixtures/chromium.jsonl`.
@Suite struct ChromiumDifferentialTests {
    /// The generators (flexbox trees, and grid trees with `--grid`) write every style key the
    /// engine's table has between them (a property added to `BoxStyle.properties` must be taught to
    /// one of them too, or the random trees never hold it).
    @Test func theGeneratorWritesEveryStyleKey() throws {
        func keys(_ arguments: [String]) throws -> Set<String> {
            Set(
                try JSONSerialization.jsonObject(with: TaffyOracle.run(arguments, script: TaffyOracle.chromiumScript))
                    as! [String])
        }
        let written = try keys(["keys"]).union(try keys(["keys", "--grid"]))
        #expect(written.sorted() == BoxRequest.styleKeys.sorted())
    }

    /// Seed 1, 300 trees (about 5,000 boxes; a few seconds); `MUSH_CHROMIUM_SEED` and
    /// `MUSH_CHROMIUM_COUNT` run another sample, `MUSH_CHROMIUM_REPORT` writes the differing cases'
    /// names and first differences to a file.
    @Test func randomTreesAgreeWithChromium() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["MUSH_CHROMIUM_SEED"].flatMap { Int($0) } ?? 1
        let count = environment["MUSH_CHROMIUM_COUNT"].flatMap { Int($0) } ?? 300
        let cases = try TaffyOracle.lines(
            ["layout", "--generate", "--seed", String(seed), "--count", String(count)],
            script: TaffyOracle.chromiumScript)
        #expect(cases.count == count)
        var agreeing = 0
        var differing: [String] = []
        var cacheDependent: [String] = []
        for item in cases where item["unsure"] == nil {
            let tree = try JSONSerialization.data(withJSONObject: item["tree"]!)
            let request = try BoxRequest(json: Array(tree), fonts: .standard)
            let layout = try request.layout(
                width: TaffyDifferentialTests.space(item["width"]),
                height: TaffyDifferentialTests.space(item["height"]),
                rounding: .exact)
            let found = TaffyOracle.differences(layout, item["expected"] as! [String: Any], oracle: "Chromium")
            // The caches never change an answer.
            let (width, height) = (
                TaffyDifferentialTests.space(item["width"]), TaffyDifferentialTests.space(item["height"])
            )
            if request.dependsOnTheCaches(width: width, height: height) {
                cacheDependent.append(item["name"] as! String)
            }
            if found.isEmpty {
                agreeing += 1
            } else {
                differing.append("\(item["name"] as! String): \(found.prefix(2).joined(separator: "; "))")
            }
        }
        if let path = environment["MUSH_CHROMIUM_REPORT"] {
            try
                ([
                    "seed \(seed), \(count) cases: \(agreeing) agree, \(differing.count) differ, "
                        + "\(count - agreeing - differing.count) unsure"
                ] + differing).joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        // Where this stands (seed 1, 300 cases): 278 agree (92.7%); 143 did before the engine followed
        // Chromium in placing absolutely positioned boxes between their insets by alignSelf, the
        // fallback of distributions when items overflow, auto margins across an overflowing line,
        // and the least size a border-box aspect ratio gives (183), and in resolving percentages only
        // against definite heights (193), and in sizing a row of auto width from its items' content
        // contributions and a column of auto height from its items' hypothetical heights, wrapped only
        // under its maximum (216), and in carrying an aspect ratio's limits only into an axis of auto
        // size, taking a ratio's size as a floor under the content for items and roots too, and
        // keeping relative offsets out of baselines (227), and in a flex item's contribution to its
        // container's size, a wrapping column's fit-content width, `justifyContent: stretch` and
        // auto margins in baseline groups (232), and in taking a column item's height of definite flex
        // basis as definite (233), and in carrying no ratio across a column item's height from its
        // content, a ratio across an absolutely positioned box's width, and baselines across a column
        // as one group at its start (239), and in taking a percentage flex basis of an unknown height
        // as the content's (240; seed 2: 250 -> 255), and in keeping the automatic minimum of an
        // `overflow: clip` item and lining up a column's baseline group on left border edges (248),
        // and in carrying a border box's padding and border through its ratio where its size is
        // below them (249), and in a row's contributions (Chromium's row algorithm), a ratio's limits
        // and content floors as Chromium finds them, absolutely positioned ratio boxes, baselines out
        // of flow and in wrap-reverse columns, stretching into definite sizes only and a column's
        // width from its items before they flex (278). The bound keeps it from getting worse.
        if seed == 1, count == 300 { #expect(agreeing >= 278, "\(agreeing) of 300 agree") }
        #expect(agreeing + differing.count == cases.count, "no case of the generator is unsure")
        #expect(cacheDependent.isEmpty, "laid out differently without the caches: \(cacheDependent.prefix(5))")
    }

    /// A tree of the random sample (`random-3-34` of Taffy's generator, seed 3) where a row's layout,
    /// found while measuring its height at a width, was kept, and a later measurement of its parent
    /// by baselines laid the row's own item out again at another width: serving the row's kept
    /// layout left that item's children as the measurement placed them. Laying an item out anew
    /// forgets its ancestors' kept layouts, and the tree comes out the same with and without the
    /// caches.
    @Test func aLayoutKeptWhileMeasuringIsForgottenWhenAnItemIsLaidOutAgain() throws {
        let json =
            #"{"alignItems":"end","alignContent":"start","border":{"top":0,"right":1,"bottom":7},"boxSizing":""#
            + #"content-box","children":[{"flexDirection":"column-reverse","flexWrap":"wrap","maxWidth":232,"ove"#
            + #"rflow":"hidden","boxSizing":"content-box","children":[{"flexWrap":"nowrap","minHeight":122,"padd"#
            + #"ing":{"left":13},"inset":"10%","boxSizing":"content-box","children":[]},{"flexGrow":0.5,"flexBas"#
            + #"is":"auto","justifyContent":"space-evenly","width":36,"height":96,"children":[{"flexDirection":""#
            + #"column","justifyContent":"space-around","height":"auto","padding":5,"border":{"top":2,"left":3.5"#
            + #"},"children":[{"alignContent":"space-between","width":131,"boxSizing":"content-box","children":["#
            + #"]},{"flexDirection":"column","justifyContent":"space-evenly","alignSelf":"start","alignContent":"#
            + #""end","height":85,"padding":24,"children":[]},{"flexDirection":"column","alignContent":"end","wi"#
            + #"dth":"40%","height":95,"border":5,"boxSizing":"content-box","children":[]}]},{"alignItems":"flex"#
            + #"-start","height":"0%","rowGap":7,"columnGap":13,"children":[{"flexWrap":"wrap-reverse","alignSel"#
            + #"f":"stretch","height":46,"overflow":"hidden","boxSizing":"content-box","children":[]},{"flexDire"#
            + #"ction":"column-reverse","flexWrap":"wrap-reverse","flexShrink":0.5,"alignContent":"stretch","max"#
            + #"Height":52,"children":[]},{"width":145,"maxWidth":70,"children":[]}]}]},{"flexGrow":3,"alignItem"#
            + #"s":"baseline","width":"30%","margin":"auto","children":[{"alignItems":"baseline","width":39,"hei"#
            + #"ght":82,"children":[{"flexGrow":0.5,"flexShrink":2,"width":"auto","gap":9,"overflow":"hidden","c"#
            + #"hildren":[]},{"flexGrow":1,"flexBasis":"auto","boxSizing":"border-box","children":[]}]},{"flexWr"#
            + #"ap":"nowrap","height":"auto","margin":17.5,"inset":71,"gap":20,"boxSizing":"border-box","childre"#
            + #"n":[{"flexDirection":"column-reverse","alignItems":"flex-start","children":[]},{"width":19,"heig"#
            + #"ht":23,"maxWidth":93.5,"inset":{"right":33,"bottom":"auto","left":"0%"},"children":[]},{"flexDir"#
            + #"ection":"column","flexWrap":"wrap-reverse","alignItems":"baseline","width":104,"minWidth":10.5,""#
            + #"margin":{"top":"2%","right":"auto","left":6},"gap":14,"boxSizing":"content-box","children":[]},{"#
            + #""flexDirection":"column","flexWrap":"nowrap","flexGrow":1,"flexShrink":2,"height":86,"margin":{""#
            + #"top":16.5,"right":29,"bottom":14},"boxSizing":"content-box","children":[]}]}]},{"flexGrow":0.5,""#
            + #"flexBasis":"auto","alignItems":"stretch","width":20,"height":2,"rowGap":15,"columnGap":"5%","chi"#
            + #"ldren":[]}]}]}"#
        let request = try BoxRequest(json: Array(json.utf8), fonts: .standard)
        let cached = BoxEngine.laidOut(request.root, width: .points(447), height: .points(57))
        let uncached = BoxEngine.laidOut(request.root, width: .points(447), height: .points(57), usesCache: false)
        #expect(cached.copiedFrames() == uncached.copiedFrames())
        // (The item's children, at the width the row gives the item: none.)
        #expect(cached.copiedFrames()[14].width == 0 && cached.copiedFrames()[15].width == 0)
    }
}
