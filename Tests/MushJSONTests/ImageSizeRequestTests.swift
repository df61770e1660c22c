import Foundation
import Mush
import MushBox
import MushImage
import MushLine
import MushText
import Testing

@testable import MushJSON

/// Image sizes left out of the JSON come from the files' headers, in box trees and in rows.
@Suite("Image sizes from files")
struct ImageSizeRequestTests {
    static let images = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("MushImageTests/Images").path
    let fonts = FontCollection.shipped

    func frames(_ json: String, root: String? = nil) throws(RequestError) -> [[Double]] {
        let files = ImageFiles(root: root, folder: Self.images)
        let layout = try BoxRequest(json: Array(json.utf8), fonts: fonts, images: files).layout(rounding: .exact)
        return layout.children.map { [$0.x, $0.y, $0.width, $0.height] }
    }

    @Test func sizesFromTheHeadersScaleAndRatio() throws {
        let json = #"""
            {"flexDirection": "row", "alignItems": "start", "children": [
              {"image": {"file": "halves-rotated.jpg"}},
              {"image": {"file": "icon.svg", "width": 48}},
              {"image": {"file": "user@2x.png"}},
              {"image": {"file": "user@2x.png", "scale": 4}},
              {"image": {"file": "halves-lossy.webp", "height": 10}},
              {"image": {"file": "wide.svg"}},
              {"image": {"file": "missing.png", "width": 7, "height": 8}}]}
            """#
        #expect(
            try frames(json) == [
                // Turned by its EXIF orientation: 20 × 40.
                [0, 0, 20, 40],
                // One side given: the other by the ratio.
                [20, 0, 48, 48],
                // 48 pixels at 2x (its name), at 4 (the key).
                [68, 0, 24, 24], [92, 0, 12, 12],
                [104, 0, 20, 10],
                // A viewBox alone.
                [124, 0, 300, 100],
                // Both given: the file is not read for layout.
                [424, 0, 7, 8],
            ])
    }

    @Test func aFileThatGivesNoSizeIsAnErrorNamingIt() {
        let cases: [(String, String)] = [
            (
                #"{"image": {"file": "missing.png"}}"#,
                "image.file: no such file (the image's size comes from its file where width or height is left out)"
            ),
            (
                #"{"image": {"file": "bomb.png", "width": 3}}"#,
                "image.file: declares 100000 × 100000 pixels, more than 32767 a side or 50000000 in all (the image's size comes from its file where width or height is left out)"
            ),
            (
                #"{"image": {"file": "cut.jpg"}}"#,
                "image.file: a damaged or cut JPEG file (the image's size comes from its file where width or height is left out)"
            ),
            (
                #"{"image": {"file": "icon.svg", "scale": 0}}"#,
                "image.scale: must be a number from 0.01 to 1000 (it is 0)"
            ),
            (#"{"image": {"width": 3}}"#, "missing key 'height' in image"),
        ]
        for (json, message) in cases {
            #expect(throws: RequestError(message), "\(json)") { try frames(json) }
        }
        #expect(
            throws: RequestError(
                "image.file: outside the image root \(Self.images): not read (the image's size comes from its file where width or height is left out)"
            )
        ) {
            try frames(#"{"image": {"file": "../ImageSizeRequestTests.swift"}}"#, root: Self.images)
        }
    }

    /// A node whose `width` and `height` are in points does not need its image's size: a file
    /// that gives none takes the node's (drawn as a placeholder); one side left to the box's
    /// layout still needs the file.
    @Test func aNodeThatGivesItsSizeDoesNotNeedTheFiles() throws {
        let json = #"""
            {"flexDirection": "row", "alignItems": "start", "children": [
              {"width": 30, "height": 20, "image": {"file": "missing.png"}},
              {"width": 12, "height": 14, "image": {"file": "not-an-image.png", "width": 5}},
              {"width": 10, "height": 10, "image": {"file": "halves.jpg"}}]}
            """#
        #expect(try frames(json) == [[0, 0, 30, 20], [30, 0, 12, 14], [42, 0, 10, 10]])
        #expect(
            throws: RequestError(
                "children[0].image.file: no such file (the image's size comes from its file where width or height is left out)"
            )
        ) {
            try frames(#"{"children": [{"width": "50%", "height": 20, "image": {"file": "missing.png"}}]}"#)
        }
    }

    @Test func rowItemsToo() throws {
        let request = LineRequest(fonts: fonts, images: ImageFiles(folder: Self.images))
        let line = try request.line(from: Array(#"{"width": 200, "left": [{"image": {"file": "user@2x.png"}}]}"#.utf8))
        #expect(line.leftItems == [.image(MGLine.Image(width: 24, height: 24, file: "user@2x.png"))])
    }
}

@Suite("Object fit in JSON")
struct ObjectFitRequestTests {
    @Test func positionsAsCSSWritesThem() {
        let cases: [(String, (Double, Double)?)] = [
            ("center", (0.5, 0.5)), ("left", (0, 0.5)), ("top", (0.5, 0)), ("right bottom", (1, 1)),
            ("bottom right", (1, 1)), ("top left", (0, 0)), ("25% 75%", (0.25, 0.75)), ("left 10%", (0, 0.1)),
            ("10% top", (0.1, 0)), ("middle", nil), ("left right", nil), ("1 2 3", nil), ("", nil),
        ]
        for (text, expected) in cases {
            let parsed = JSONObject.objectPosition(text)
            #expect(parsed?.x == expected?.0 && parsed?.y == expected?.1, "\(text)")
        }
    }

    @Test func theKeysReachTheImage() throws {
        let json =
            #"{"image": {"width": 10, "height": 10, "file": "a.png", "objectFit": "cover", "objectPosition": "right top", "scale": 2}}"#
        let leaf = try #require(try BoxRequest(json: Array(json.utf8), fonts: .shipped).root.leaf as? ImageLeaf)
        #expect(leaf.fit == .cover && leaf.position == (1, 0) && leaf.scale == 2)
        #expect(
            throws: RequestError("image.objectFit: must be fill, contain, cover, none or scale-down (it is 'stretch')")
        ) {
            try BoxRequest(
                json: Array(#"{"image": {"width": 1, "height": 1, "objectFit": "stretch"}}"#.utf8), fonts: .shipped)
        }
        #expect(
            throws: RequestError(
                "image.objectPosition: must be one or two of left, center, right, top, bottom and N% (it is 'middle')")
        ) {
            try BoxRequest(
                json: Array(#"{"image": {"width": 1, "height": 1, "objectPosition": "middle"}}"#.utf8), fonts: .shipped)
        }
    }
}
