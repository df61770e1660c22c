import Testing

@testable import MushBox

/// The style table (`BoxStyle.properties`) and what is derived from it.
@Suite struct StylePropertyTests {
    /// Values of every shape, good and bad for some kind.
    static let lengths: [BoxLength] = [
        .auto, .points(0), .points(-1), .points(1_000_000), .points(1_000_001), .points(-1_000_000),
        .points(-1_000_001), .points(.nan), .points(.infinity), .percent(50), .percent(-50), .percent(10_001),
        .percent(-10_000), .percent(.nan),
    ]
    static let numbers: [Double] = [0, 1, -1, 1e-6, 1e-7, 1_000_000, 1_000_001, .nan, .infinity, 0.5]

    static func values(for kind: BoxStyleProperty.Kind) -> [BoxStyleValue] {
        switch kind {
        case .keyword(let names):
            return names.map(BoxStyleValue.keyword) + BoxAlignment.allCases.map { .keyword($0.rawValue) }
        case .factor: return numbers.map(BoxStyleValue.number)
        case .ratio: return [.unset] + numbers.map(BoxStyleValue.number)
        case .length: return lengths.map(BoxStyleValue.length)
        case .css:
            return [
                "auto", "2", "-1", "span 2", "a", "0", "40px 1fr", "repeat(0, 1fr)", "\"a b\"", "row dense", "none",
            ]
            .map(BoxStyleValue.css)
        case .edges:
            return lengths.map { .edges(BoxEdges($0)) }
                + lengths.map { .edges(BoxEdges(top: .points(0), right: .points(0), bottom: .points(0), left: $0)) }
        }
    }

    /// Validation reads values by their byte offsets for speed; for every property and value it
    /// must find the same problem as the property's own check, named by its key.
    @Test(arguments: BoxStyle.properties.filter { !$0.isShorthand })
    func validationAgreesWithEachPropertysCheck(_ property: BoxStyleProperty) throws {
        for value in Self.values(for: property.kind) {
            var style = BoxStyle()
            style[property] = value
            let expected = property.problem(with: style[property])
            var found: BoxError?
            do { try BoxNode(style: style).validate() } catch { found = error }
            #expect(found?.path == expected?.key, "\(property.name) = \(value)")
            #expect(found?.problem == expected?.problem, "\(property.name) = \(value)")
        }
    }

    @Test func theKindsRangesAreCSSAndTheEngines() {
        func problem(_ name: String, _ value: BoxStyleValue) -> String? {
            let property = BoxStyle.properties.first { $0.name == name }!
            return property.problem(with: value)?.problem
        }
        #expect(problem("padding", .edges(BoxEdges(.auto))) == "cannot be auto")
        #expect(problem("margin", .edges(BoxEdges(.points(-5)))) == nil)
        #expect(problem("width", .length(.points(-5))) == "must be a number from 0 to 1000000 points (it is -5)")
        #expect(problem("rowGap", .length(.auto)) == "cannot be auto")
        #expect(problem("alignItems", .keyword("space-between")) == "cannot be space-between")
        #expect(problem("justifyContent", .keyword("baseline")) == "cannot be baseline")
        #expect(problem("aspectRatio", .number(0)) == "must be a number from 0.000001 to 1000000 (it is 0)")
    }

    /// The cache's record of what a style reads comes from the percentage bases.
    @Test func whatAStyleReadsFollowsThePercentageBases() {
        var style = BoxStyle()
        #expect(StyleReads(style) == [])
        style.padding.left = .percent(10)
        #expect(StyleReads(style) == .widthBase)
        style = BoxStyle()
        style.maxHeight = .percent(10)
        #expect(StyleReads(style) == .heightBase)
        style = BoxStyle()
        style.width = .percent(50)
        style.height = .points(20)
        #expect(StyleReads(style) == [.percentWidth, .pointsHeight])
        style = BoxStyle()
        style.flexBasis = .percent(50)
        style.rowGap = .percent(5)
        style.inset.left = .percent(5)
        #expect(StyleReads(style) == [])
    }

    @Test func theGapShorthandSetsBothGaps() {
        var style = BoxStyle()
        style[BoxStyle.properties.first { $0.name == "gap" }!] = .length(.points(7))
        #expect(style.rowGap == .points(7) && style.columnGap == .points(7))
    }
}
