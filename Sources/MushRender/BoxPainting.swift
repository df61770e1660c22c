import Mush
import MushBox
import MushLine
import MushText

extension Painter {
    /// The most rounded shapes a blurred shadow is drawn with.
    static let maximumShadowLayers = 16

    /// Draws a laid-out box tree with its root's top-left corner at (`x`, `y`) (the picture's
    /// corner, or inside it by the room the root's shadow takes). With
    /// `wholeContent`, the root's box is drawn as large as its content (at least its own size), and
    /// the root neither clips nor moves its children by its content offset.
    func drawBoxTree(
        _ root: BoxLayout, x: Double = 0, y: Double = 0, path: [Int] = [], wholeContent: Bool, deep: Bool? = nil
    ) {
        func draw() {
            var path = path
            drawBox(root, x: x, y: y, path: &path, unrolled: wholeContent)
        }
        // Drawing recurses once per level: a deep tree (`deep`, where the caller knows) is drawn
        // on a thread with a large stack.
        if deep ?? root.isDeeper(than: 32) { LargeStack.run(draw) } else { draw() }
    }

    /// Draws one box at (`x`, `y`) and everything inside it: its shadow, background and borders,
    /// its leaf in its content box, then its children by `zIndex` (ties in input order), each with
    /// all it holds, moved by the box's content offset; the leaf and the children clipped to the
    /// rounded padding box when the box clips. `path` holds the child indices down to the box
    /// (for warnings). An `unrolled` box is drawn as large as its content, without clipping or
    /// content offset.
    private func drawBox(_ layout: BoxLayout, x: Double, y: Double, path: inout [Int], unrolled: Bool) {
        guard !stopped else { return }
        addDestination(layout, x: x, y: y)
        // How tall the box is drawn (an unrolled box as tall as its content).
        let tallness = unrolled ? max(layout.height, layout.contentHeight) : layout.height
        // A box less than opaque is drawn as one group, laid over what is below at its opacity.
        if let opacity = layout.paint?.opacity, opacity < 1 {
            guard opacity > 0 else { return }
            // In a PNG the group is a surface of pixels as large as the clip: clipped to what the box
            // and its content may paint (their boxes, widened by how far shadows and glyphs reach, as
            // a page's band is), a small translucent box costs its own area, not the picture's
            // (20,000 of them took 15–20 s). SVG and PDF groups cost nothing by area.
            let reach = canvas.format.isBitmap ? layout.paintReach + 32 : .infinity
            let extent =
                reach.isFinite ? layout.paintExtent(unrolled: unrolled) : (minX: 0.0, minY: 0.0, maxX: 0.0, maxY: 0.0)
            let bounded = reach.isFinite && [extent.minX, extent.minY, extent.maxX, extent.maxY].allSatisfy(\.isFinite)
            if bounded {
                context.save()
                context.rectangle(
                    x: x + extent.minX - reach, y: y + extent.minY - reach,
                    width: extent.maxX - extent.minX + 2 * reach, height: extent.maxY - extent.minY + 2 * reach)
                context.clip()
            }
            groupPixels += context.clipArea
            // (A tagged PDF's group is one element: Cairo writes no structure inside a group.)
            let entry = enterStructure(layout, path: path, y: y, height: tallness, asLeaf: true)
            context.pushGroup()
            groupDepth += 1
            drawBoxContent(layout, x: x, y: y, path: &path, unrolled: unrolled)
            groupDepth -= 1
            context.popGroupToSource()
            context.paint(alpha: opacity)
            exitStructure(entry, path: path, y: y, height: tallness)
            if bounded { context.restore() }
            return
        }
        let entry = enterStructure(layout, path: path, y: y, height: tallness)
        drawBoxContent(layout, x: x, y: y, path: &path, unrolled: unrolled, ownsElement: entry.beganLeafElement)
        exitStructure(entry, path: path, y: y, height: tallness)
    }

    /// `ownsElement`: the box is a paragraph-like element of its own in a tagged PDF, just entered
    /// (its link, if any, is a `Link` inside it that holds what it draws).
    private func drawBoxContent(
        _ layout: BoxLayout, x: Double, y: Double, path: inout [Int], unrolled: Bool, ownsElement: Bool = false
    ) {
        let box = Rect(x: x, y: y, width: layout.width, height: layout.height)
        let paint = layout.paint
        var linkElement = false
        if let link = paint?.link {
            let location = RenderWarning.Location(nodePath: path)
            if ownsElement {
                linkElement = beginLinkElement(link, box, location: location, description: layout.outlineText)
            } else {
                addLink(link, box, location: location, description: isTagging ? layout.outlineText : nil)
            }
        }
        defer { if linkElement { endLink() } }
        if paint?.bookmark != nil { addOutlineEntry(layout, x: x, y: y, path: path) }
        if let paint {
            let painted =
                unrolled
                ? Rect(
                    x: x, y: y, width: max(layout.width, layout.contentWidth),
                    height: max(layout.height, layout.contentHeight))
                : box
            drawOwnPaint(paint, border: layout.border, painted)
        }
        let clips = layout.clipsContent && !unrolled
        let enclosingClips = boxClips
        if clips {
            let shape = layout.clippingShape
            clip(
                to: ClipShape(
                    x: x + shape.x, y: y + shape.y, width: shape.width, height: shape.height, radius: shape.radius))
        }
        if let leaf = layout.leaf { drawLeaf(leaf, of: layout, box, path: path) }
        if !layout.children.isEmpty {
            let offset = unrolled ? BoxOffset.zero : paint?.contentOffset ?? .zero
            for index in paintOrder(layout, y: y - offset.y, path: path) {
                let child = layout.children[index]
                path.append(index)
                drawBox(child, x: x + child.x - offset.x, y: y + child.y - offset.y, path: &path, unrolled: false)
                path.removeLast()
            }
        }
        if clips {
            context.restore()
            boxClips = enclosingClips
        }
    }

    /// The order in which `layout`'s children are drawn (``BoxLayout/paintOrder``), less those that
    /// lie wholly outside the page being drawn (``culling``) where the children's tops are at `y`
    /// plus theirs.
    private func paintOrder(_ layout: BoxLayout, y: Double, path: [Int]) -> [Int] {
        guard let culling, layout.children.count > 1 else { return layout.paintOrder }
        let visible = culling.pages.children(
            of: layout, at: path, from: culling.top - culling.slack - y, to: culling.bottom + culling.slack - y)
        // By z-index, ties in input order, as `paintOrder` draws them.
        guard visible.contains(where: { (layout.children[$0].paint?.zIndex ?? 0) != 0 }) else { return visible }
        return visible.sorted {
            (layout.children[$0].paint?.zIndex ?? 0, $0) < (layout.children[$1].paint?.zIndex ?? 0, $1)
        }
    }

    /// Clips to `shape` within a new `save`: the enclosing box clips that hold `shape` wholly are
    /// dropped (the clip is set again from those that still cut something), so that nested
    /// clipping boxes cost each drawing operation one clip, not one per level.
    private func clip(to shape: ClipShape) {
        context.save()
        let kept = boxClips.filter { !$0.contains(shape) }
        if kept.count < boxClips.count {
            context.resetClip()
            for enclosing in kept { addClip(enclosing) }
        }
        addClip(shape)
        boxClips = kept + [shape]
    }

    private func addClip(_ shape: ClipShape) {
        context.roundedRectangle(x: shape.x, y: shape.y, width: shape.width, height: shape.height, radius: shape.radius)
        context.clip()
    }

    /// A corner radius as drawn (`BoxLayout.cornerRadius(_:width:height:)`).
    static func radius(_ radius: Double, _ box: Rect) -> Double {
        BoxLayout.cornerRadius(radius, width: box.width, height: box.height)
    }

    /// The box's shadow, background, borders and rules, in that order; nothing for a box without area.
    private func drawOwnPaint(_ paint: BoxPaint, border: BoxEdges<Double>, _ box: Rect) {
        guard box.width > 0, box.height > 0 else { return }
        let radius = Self.radius(paint.cornerRadius, box)
        if let shadow = paint.shadow { drawShadow(shadow, box, radius: radius) }
        if let background = paint.backgroundColor {
            setColor(background)
            context.roundedRectangle(x: box.x, y: box.y, width: box.width, height: box.height, radius: radius)
            context.fill()
        }
        if let gradient = paint.backgroundGradient {
            context.roundedRectangle(x: box.x, y: box.y, width: box.width, height: box.height, radius: radius)
            context.fill(gradient, x: box.x, y: box.y, width: box.width, height: box.height)
        }
        drawBoxBorders(paint, widths: border, box, radius: radius)
        for rule in paint.rules where rule.width > 0 && rule.height > 0 {
            setColor(rule.color)
            context.rectangle(x: box.x + rule.x, y: box.y + rule.y, width: rule.width, height: rule.height)
            context.fill()
        }
    }

    /// A shadow: the box's rounded shape moved by the offset, in the shadow's colour, shown only
    /// outside the box's own rounded shape (as CSS draws an outer shadow: never under the box, so
    /// a translucent box does not show its shadow through it, and drawing costs the ring around
    /// the box, not its area). A blurred shadow is a stack of concentric rounded shapes, from the
    /// shape grown by nearly `blur` to the shape shrunk by nearly as much, one every point of blur
    /// or so (at most ``maximumShadowLayers``), each of an alpha chosen so that where `k` of `n`
    /// shapes overlap the colour shows at `k / n` of its alpha: the shadow fades linearly from
    /// `blur` outside the box's edge to `blur` inside it, as a Gaussian blur of standard deviation
    /// `blur / 2` nearly does. Shapes that lie wholly under the box (shrunk by at least the
    /// offset's length) are not drawn. Plain filled paths, so PNG, SVG and PDF show the same shadow.
    private func drawShadow(_ shadow: BoxShadow, _ box: Rect, radius: Double) {
        guard shadow.color.alpha > 0 else { return }
        let x = box.x + shadow.offset.x
        let y = box.y + shadow.offset.y
        let blur = max(0, shadow.blur)
        let moved = (shadow.offset.x * shadow.offset.x + shadow.offset.y * shadow.offset.y).squareRoot()
        // Nothing shows outside the box: an unblurred shadow right under it.
        guard blur > 0 || moved > 0 else { return }
        let reach = blur + max(abs(shadow.offset.x), abs(shadow.offset.y)) + 1
        let outer = Rect(
            x: box.x - reach, y: box.y - reach, width: box.width + 2 * reach, height: box.height + 2 * reach)
        /// Draws the shadow's shapes where they lie in `band` and outside the box (with `aroundBox`,
        /// the box's rounded shape is cut out of the band; a band beside the box's straight sides
        /// holds none of it).
        func draw(in band: Rect, aroundBox: Bool) {
            guard band.width > 0, band.height > 0 else { return }
            context.save()
            context.rectangle(x: band.x, y: band.y, width: band.width, height: band.height)
            context.clip()
            if aroundBox {
                context.rectangle(x: outer.x, y: outer.y, width: outer.width, height: outer.height)
                context.roundedRectangle(
                    x: box.x, y: box.y, width: box.width, height: box.height, radius: radius, reversed: true)
                context.clip()
            }
            drawShadowShapes(shadow, x: x, y: y, box, radius: radius, blur: blur, moved: moved)
            context.restore()
        }
        guard canvas.format.isBitmap else {
            draw(in: outer, aroundBox: true)
            return
        }
        // In pixels, a shape is filled row by row across its whole width: four bands around the
        // box (above and below it as far as its corners reach, beside its straight sides) keep the
        // work to the ring the shadow shows in. The bands meet on whole pixels.
        let corner = min(radius, box.width / 2, box.height / 2)
        let top = context.snappedToDevice(y: box.y + corner)
        let bottom = max(top, context.snappedToDevice(y: box.y + box.height - corner))
        draw(in: Rect(x: outer.x, y: outer.y, width: outer.width, height: top - outer.y), aroundBox: true)
        draw(in: Rect(x: outer.x, y: bottom, width: outer.width, height: outer.maxY - bottom), aroundBox: true)
        draw(in: Rect(x: outer.x, y: top, width: box.x - outer.x, height: bottom - top), aroundBox: false)
        draw(in: Rect(x: box.maxX, y: top, width: outer.maxX - box.maxX, height: bottom - top), aroundBox: false)
    }

    /// The shapes of a shadow at (`x`, `y`), in the clip set (``drawShadow(_:_:radius:)``).
    private func drawShadowShapes(
        _ shadow: BoxShadow, x: Double, y: Double, _ box: Rect, radius: Double, blur: Double, moved: Double
    ) {
        guard blur > 0 else {
            setColor(shadow.color)
            context.roundedRectangle(x: x, y: y, width: box.width, height: box.height, radius: radius)
            context.fill()
            return
        }
        let layers = min(Self.maximumShadowLayers, max(1, Int((2 * blur).rounded(.up))))
        let alpha = Double(shadow.color.alpha) / 255
        var shown = 0.0
        for layer in 1...layers {
            // Where this shape and those outside it overlap, the colour shows at `target`: this
            // shape's alpha adds what the ones before it lack.
            let target = alpha * Double(layer) / Double(layers)
            let layerAlpha = 1 - (1 - target) / (1 - shown)
            shown = target
            let spread = blur * (1 - Double(2 * layer - 1) / Double(layers))
            let width = box.width + 2 * spread
            let height = box.height + 2 * spread
            // This shape and the smaller ones after it lie under the box.
            guard width > 0, height > 0, spread > -moved else { break }
            context.setColor(
                red: Double(shadow.color.red) / 255, green: Double(shadow.color.green) / 255,
                blue: Double(shadow.color.blue) / 255, alpha: layerAlpha)
            context.roundedRectangle(
                x: x - spread, y: y - spread, width: width, height: height, radius: max(0, radius + spread))
            context.fill()
        }
    }

    /// The box's borders: each edge's colour, as thick as the paint's `borderLineWidth` or else as
    /// the layout's border on that edge, drawn inside the box. The top and bottom edges span the
    /// width (from `borderInsetLeft`); the left and right ones fill between them, so that no corner
    /// is painted twice. Clipped to the rounded box when it has a corner radius.
    private func drawBoxBorders(_ paint: BoxPaint, widths: BoxEdges<Double>, _ box: Rect, radius: Double) {
        let colors = paint.borderColors
        func thickness(_ width: Double, across side: Double) -> Double {
            min(max(paint.borderLineWidth ?? width, 0), side)
        }
        let top = thickness(widths.top, across: box.height)
        let bottom = thickness(widths.bottom, across: box.height)
        let left = thickness(widths.left, across: box.width)
        let right = thickness(widths.right, across: box.width)
        let inset = min(max(paint.borderInsetLeft, 0), box.width)
        var edges = ColorGroups()
        if let color = colors.top, top > 0 {
            edges.add(Rect(x: box.x + inset, y: box.y, width: box.width - inset, height: top), color)
        }
        if let color = colors.bottom, bottom > 0 {
            edges.add(
                Rect(x: box.x + inset, y: box.y + box.height - bottom, width: box.width - inset, height: bottom), color)
        }
        // A side fills up to the top and bottom lines where they reach its corner.
        let above = { (reaches: Bool) in colors.top != nil && reaches ? top : 0 }
        let below = { (reaches: Bool) in colors.bottom != nil && reaches ? bottom : 0 }
        if let color = colors.left, left > 0 {
            let (start, end) = (above(inset == 0), below(inset == 0))
            edges.add(Rect(x: box.x, y: box.y + start, width: left, height: box.height - start - end), color)
        }
        if let color = colors.right, right > 0 {
            let (start, end) = (above(true), below(true))
            edges.add(
                Rect(x: box.x + box.width - right, y: box.y + start, width: right, height: box.height - start - end),
                color)
        }
        guard !edges.groups.isEmpty else { return }
        if radius > 0 {
            context.save()
            context.roundedRectangle(x: box.x, y: box.y, width: box.width, height: box.height, radius: radius)
            context.clip()
        }
        fill(edges)
        if radius > 0 { context.restore() }
    }

    /// A leaf in the box's content box (the box inset by its border and padding): a text leaf's
    /// paragraph in its colour (black where neither it nor its markup sets one), a row leaf's line,
    /// an image leaf's picture scaled to the content box. Leaves of other kinds are not drawn.
    private func drawLeaf(_ leaf: PlacedLeaf, of layout: BoxLayout, _ box: Rect, path: [Int]) {
        let inset = (
            left: layout.border.left + layout.padding.left, top: layout.border.top + layout.padding.top,
            right: layout.border.right + layout.padding.right, bottom: layout.border.bottom + layout.padding.bottom
        )
        let content = Rect(
            x: box.x + inset.left, y: box.y + inset.top, width: max(box.width - inset.left - inset.right, 0),
            height: max(box.height - inset.top - inset.bottom, 0))
        let location = RenderWarning.Location(nodePath: path)
        switch leaf {
        case .text(let text):
            drawText(calling: text.inline) {
                drawText(
                    text.layout, x: content.x, y: content.y, color: text.color ?? MushColor(red: 0, green: 0, blue: 0),
                    shadow: text.shadow.map {
                        MGLineLayout.Shadow(color: $0.color, offset: MGLine.Offset(x: $0.offset.x, y: $0.offset.y))
                    }, blur: text.shadow?.blur ?? 0, location: location)
                drawInlineBoxes(text.inline, in: content, path: path)
            }
        case .row(let row):
            drawLine(row, x: content.x, y: content.y, location: location)
        case .image(let image):
            drawImage(image, content, location: location)
        case .other:
            break
        }
    }

    /// A text leaf's inline boxes, each drawn as any box is (with all it holds) where the leaf's
    /// lines put it in the content box `content`. Warnings about what they hold name the text
    /// leaf's node (`path`), then the children's indices inside the inline box. They are small and
    /// not in the pages' index of children: every one is drawn whole, without culling.
    private func drawInlineBoxes(_ boxes: [PlacedInlineBox], in content: Rect, path: [Int]) {
        guard !boxes.isEmpty else { return }
        let pageCulling = culling
        culling = nil
        var path = path
        for placed in boxes {
            drawBox(
                placed.layout, x: content.x + placed.layout.x, y: content.y + placed.layout.y, path: &path,
                unrolled: false)
        }
        culling = pageCulling
    }
}

extension BoxLayout {
    /// How far the tree's drawing may reach out of its boxes' border boxes and content, in points:
    /// the widest reach of a shadow (a box's, a text's or a row's text's: its offset and three
    /// times its blur), and how far any box is drawn above the top of a box that holds it
    /// (negative positions, scrolled content). Infinite where a reach is not finite.
    var paintReach: Double {
        func reach(_ node: BoxLayout) -> (shadows: Double, above: Double) {
            var shadows = 0.0
            for shadow in [node.paint?.shadow, node.leaf?.textShadow] {
                guard let shadow else { continue }
                shadows = max(shadows, max(abs(shadow.offset.x), abs(shadow.offset.y)) + 3 * max(shadow.blur, 0))
            }
            if case .row(let row)? = node.leaf { shadows = max(shadows, row.shadowReach) }
            var above = 0.0
            // Inline boxes, from the text leaf's content box.
            if case .text(let text)? = node.leaf {
                for placed in text.inline {
                    let inner = reach(placed.layout)
                    shadows = max(shadows, inner.shadows)
                    above = max(above, inner.above - (node.border.top + node.padding.top + placed.layout.y))
                }
            }
            let offset = node.paint?.contentOffset.y ?? 0
            for child in node.children {
                let inner = reach(child)
                shadows = max(shadows, inner.shadows)
                above = max(above, inner.above - (child.y - offset))
            }
            return (shadows, max(above, 0))
        }
        let found = isDeeper(than: 32) ? LargeStack.run { reach(self) } : reach(self)
        let total = found.shadows + found.above
        return total.isFinite ? total : .infinity
    }
}

extension BoxLayout {
    /// The union of the border boxes of the box and of everything it holds that it does not clip,
    /// from its own top-left corner (its content offset applied to its children): where its drawing
    /// lies, but for shadows and glyphs reaching out of their boxes (``paintReach``). An `unrolled`
    /// box counts its whole content and clips nothing.
    func paintExtent(unrolled: Bool) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        func extent(_ node: BoxLayout, unrolled: Bool) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
            var found = (
                minX: 0.0, minY: 0.0, maxX: unrolled ? max(node.width, node.contentWidth) : node.width,
                maxY: unrolled ? max(node.height, node.contentHeight) : node.height
            )
            if node.clipsContent && !unrolled { return found }
            // Inline boxes, from the text leaf's content box: they may stand out of the leaf's box.
            if case .text(let text)? = node.leaf {
                for placed in text.inline {
                    let inner = extent(placed.layout, unrolled: false)
                    let dx = node.border.left + node.padding.left + placed.layout.x
                    let dy = node.border.top + node.padding.top + placed.layout.y
                    found.minX = min(found.minX, inner.minX + dx)
                    found.minY = min(found.minY, inner.minY + dy)
                    found.maxX = max(found.maxX, inner.maxX + dx)
                    found.maxY = max(found.maxY, inner.maxY + dy)
                }
            }
            let offset = unrolled ? BoxOffset.zero : node.paint?.contentOffset ?? .zero
            for child in node.children {
                let inner = extent(child, unrolled: false)
                let dx = child.x - offset.x
                let dy = child.y - offset.y
                found.minX = min(found.minX, inner.minX + dx)
                found.minY = min(found.minY, inner.minY + dy)
                found.maxX = max(found.maxX, inner.maxX + dx)
                found.maxY = max(found.maxY, inner.maxY + dy)
            }
            return found
        }
        return isDeeper(than: 32)
            ? LargeStack.run { extent(self, unrolled: unrolled) } : extent(self, unrolled: unrolled)
    }
}

extension MGLineLayout {
    /// How far the row's text shadows reach from their text, its boxes' rows' included.
    fileprivate var shadowReach: Double {
        items.reduce(0.0) { reach, item in
            switch item.content {
            case .text(let text):
                guard let offset = text.shadow?.offset else { return reach }
                return max(reach, abs(offset.x), abs(offset.y))
            case .box(let box):
                return max(reach, box.line?.shadowReach ?? 0)
            case .image:
                return reach
            }
        }
    }
}

extension PlacedLeaf {
    /// A text leaf's shadow.
    fileprivate var textShadow: BoxShadow? {
        if case .text(let text) = self { return text.shadow }
        return nil
    }
}
