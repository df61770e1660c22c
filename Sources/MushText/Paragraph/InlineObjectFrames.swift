extension Paragraph {
    /// Where the objects of a laid-out paragraph are, line by line and left to right on each line:
    /// their margin boxes, in points from the paragraph's top-left corner (the lines' alignment
    /// included). An object that truncation left out has none.
    public func objectFrames(in layout: ParagraphLayout) -> [InlineObjectFrame] {
        guard !objects.isEmpty else { return [] }
        var frames: [InlineObjectFrame] = []
        for (lineIndex, line) in layout.lines.enumerated() {
            frames += objectFrames(of: line, index: lineIndex)
        }
        return frames
    }

    /// The frames of the objects on `line`, the line numbered `index`.
    public func objectFrames(of line: LineLayout, index: Int) -> [InlineObjectFrame] {
        guard !objects.isEmpty else { return [] }
        var frames: [InlineObjectFrame] = []
        place(line) { part in
            guard case .glyph(let itemIndex, _, _, let pen, _) = part, items[itemIndex].object >= 0 else { return }
            let item = items[itemIndex]
            let objectIndex = Int(item.object)
            let object = objects[objectIndex]
            let y: Double
            if let extents = extents(of: object, in: item) {
                y = line.baseline - extents.above
            } else if object.verticalAlign == .top {
                y = line.y
            } else {
                y = line.y + line.height - object.height
            }
            frames.append(
                InlineObjectFrame(
                    index: objectIndex, line: index, x: line.x + pen, y: y, width: object.width, height: object.height))
        }
        return frames
    }

    /// The object's height above and below the baseline in the font of `item` (nil for one placed
    /// by the line box).
    func extents(of object: InlineObject, in item: TextItem) -> (above: Double, below: Double)? {
        let scale = item.size / Double(item.face.unitsPerEm)
        return object.extents(
            ascent: Double(item.face.ascender) * scale, descent: -Double(item.face.descender) * scale,
            xHeight: Double(item.face.xHeight) * scale, size: item.size)
    }
}
