import Foundation
import Mush
import MushBox
import MushDSL
import MushJSON
import MushLine
import MushText
import Testing

/// Trees written with the DSL lay out as their JSON twins do, box for box.
@Suite("The Swift DSL")
struct DSLTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let fonts = FontCollection.shipped

    /// The README's card (`Examples/card.json`), written in Swift.
    static var card: Box {
        let badge = Text("NEW")
            .font(size: 11, bold: true).foregroundColor("#fff")
            .padding(top: 2, right: 6, bottom: 2, left: 6).cornerRadius(4)
            .background(
                BoxGradient(
                    .linear(angle: 90),
                    stops: [.init(MushColor(hex: "#ff7a18")!, at: 0), .init(MushColor(hex: "#af002d")!, at: 1)])
            )
            .id("badge")
        return Column(spacing: 8) {
            Image("photos/dawn.jpg", width: 296, height: 148).objectFit(.cover).id("photo")
            Row(spacing: 6, alignment: .center) {
                Image("icons/sun.svg", width: 18, height: 18).id("icon")
                Text {
                    Inline(badge, verticalAlign: .middle, margin: BoxEdges(right: 6))
                    "Sunrise over the harbour, seen from the old lighthouse"
                }
                .font(size: 17, bold: true).lineLimit(1).flex(shrink: 1).id("title")
            }
            .id("heading")
            Text("Boats leave at **six**; the //first// ferry waits for the fishermen.", markup: true)
                .font(size: 14).id("body")
        }
        .padding(12).frame(width: 320).id("card")
    }

    /// `json`'s layout and `box`'s, each as `mush layout` writes it.
    func layouts(_ box: Box, json: String) throws -> (dsl: String, json: String) {
        let request = try BoxRequest(json: Array(json.utf8), fonts: fonts)
        let fromJSON = try request.layout()
        let fromSwift = try BoxEngine.layout(try box.node(fonts: fonts))
        return (fromSwift.jsonValue.json, fromJSON.jsonValue.json)
    }

    @Test func theCardIsItsJSONTwin() throws {
        let json = try String(contentsOf: Self.root.appendingPathComponent("Examples/card.json"), encoding: .utf8)
        let (dsl, twin) = try layouts(Self.card, json: json)
        #expect(dsl == twin)
        #expect(dsl.contains(#""id":"badge""#))
    }

    @Test func buildersTakeIfElseAndFor() throws {
        let names = ["Ada", "Grace", "Edsger"]
        let showFooter = false
        let box = Column(spacing: 4) {
            for name in names { Text(name).id(name) }
            if showFooter { Text("footer") } else { Text("no footer").font(size: 9) }
        }
        let json = #"""
            {"flexDirection": "column", "gap": 4, "children": [{"id": "Ada", "text": "Ada"},
             {"id": "Grace", "text": "Grace"}, {"id": "Edsger", "text": "Edsger"},
             {"text": "no footer", "font": {"size": 9}}]}
            """#
        let (dsl, twin) = try layouts(box.box, json: json)
        #expect(dsl == twin)
    }

    @Test func fontsAreInheritedTheNearestWinning() throws {
        let box = Column {
            Text("big")
            Text("small").font(size: 8)
            Row { Text("bold, and big") }.font(bold: true)
        }
        .font(size: 20)
        let json = #"""
            {"flexDirection": "column", "children": [{"text": "big", "font": {"size": 20}},
             {"text": "small", "font": {"size": 8}},
             {"children": [{"text": "bold, and big", "font": {"size": 20, "bold": true}}]}]}
            """#
        let (dsl, twin) = try layouts(box.box, json: json)
        #expect(dsl == twin)
    }

    @Test func aStackLaysTheLaterBoxesOverTheFirst() throws {
        let box = Stack {
            Image(nil, width: 100, height: 50)
            Text("over").textAlign(.center)
        }
        let node = try BoxEngine.layout(try box.box.node(fonts: fonts))
        #expect(node.width == 100 && node.height == 50)
        #expect(node.children[1].x == 0 && node.children[1].y == 0 && node.children[1].width == 100)
    }

    @Test func badValuesAreErrorsNamingTheirPath() throws {
        let tree = Column {
            Text("a")
            Row { Text("b").background("#ggg") }
        }
        #expect(throws: BuildError.self) { try tree.box.node(fonts: fonts) }
        do {
            _ = try tree.box.node(fonts: fonts)
        } catch {
            #expect(error.path == "children[1].children[0].backgroundColor")
            #expect(error.description.hasPrefix("children[1].children[0].backgroundColor: "))
        }
        do {
            _ = try Text("x").frame(width: -5).node(fonts: fonts)
            Issue.record("a negative width was taken")
        } catch {
            #expect(error.description == "width: must be a number from 0 to 1000000 points (it is -5)")
        }
        do {
            _ = try Text("x").font(family: "No Such Family").node(fonts: fonts)
            Issue.record("a missing family was taken")
        } catch {
            #expect(error.path == "font.family")
        }
    }
}

extension DSLTests {
    @Test func aGridIsItsJSONTwin() throws {
        let box = Grid(columns: "1fr 2fr", rows: "auto 40px", spacing: 4) {
            Text("Wide").grid(column: "1 / 3")
            Text("Left")
            Text("Right").grid(row: "2")
        }
        .frame(width: 300)
        let json = #"""
            {"display": "grid", "gridTemplateColumns": "1fr 2fr", "gridTemplateRows": "auto 40px", "gap": 4,
             "width": 300, "children": [{"text": "Wide", "gridColumn": "1 / 3"}, {"text": "Left"},
             {"text": "Right", "gridRow": "2"}]}
            """#
        let (dsl, twin) = try layouts(box.box, json: json)
        #expect(dsl == twin)
        do {
            _ = try Grid(columns: "1fr banana") { Text("x") }.node(fonts: fonts)
            Issue.record("a bad track list was taken")
        } catch {
            #expect(error.path == "gridTemplateColumns")
        }
    }
}

extension DSLTests {
    @Test func aLineIsItsJSONTwin() throws {
        let box = Column {
            Line(MGLine(left: ["**Inbox**|mush"], right: ["12"]))
            Line(MGLine(height: 30, left: ["Sent"]))
        }
        .frame(width: 200)
        let json = #"""
            {"flexDirection": "column", "width": 200, "children": [
             {"line": {"left": ["**Inbox**|mush"], "right": ["12"]}}, {"line": {"height": 30, "left": ["Sent"]}}]}
            """#
        let (dsl, twin) = try layouts(box.box, json: json)
        #expect(dsl == twin)
    }
}
