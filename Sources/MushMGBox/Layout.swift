import MushBox
import MushText

extension MGBox {
    /// Lays the box and everything in it out in the available `width` and `height` (a box
    /// without a width fills a `width` of points), and returns one result per box, in order: the
    /// entries of ``boxes`` (or an ``MGTableBox``'s lines) become the result's `children`. Frames
    /// are rounded as `rounding` says.
    ///
    /// Throws ``MGBoxError`` naming the first bad value by its path (`boxes[3].margin.left`), an
    /// ``attachedTo`` that names no sibling, and attachments that go round in a circle.
    public func layout(
        width: AvailableSpace = .maxContent, height: AvailableSpace = .maxContent, fonts: FontCollection = .standard,
        rounding: BoxRounding = .edges
    ) throws(MGBoxError) -> BoxLayout {
        var lowering = MGLowering(fonts: fonts)
        if let layout = lowering.streamedTable(self, width: width, height: height, rounding: rounding) { return layout }
        return try engineLayout(width: width, height: height, fonts: fonts, rounding: rounding)
    }

    /// As ``layout(width:height:fonts:rounding:)``, always through the box engine (never row by row
    /// as a table section may be): what the streamed sections are tested against.
    package func engineLayout(
        width: AvailableSpace, height: AvailableSpace, fonts: FontCollection, rounding: BoxRounding
    ) throws(MGBoxError) -> BoxLayout {
        var lowering = MGLowering(fonts: fonts)
        let root = try lowering.lower(self, as: .root, named: "")
        return try BoxEngine.layout(validated: root, width: width, height: height, rounding: rounding)
    }

    /// The box laid out row by row (as ``layout(width:height:fonts:rounding:)`` lays out a table
    /// section it can), or nil when it is not such a section or has a problem.
    package func streamedLayout(
        width: AvailableSpace, height: AvailableSpace, fonts: FontCollection, rounding: BoxRounding
    ) -> BoxLayout? {
        var lowering = MGLowering(fonts: fonts)
        return lowering.streamedTable(self, width: width, height: height, rounding: rounding)
    }

    /// The box as a node of the box engine, to place among any vocabulary's nodes (an
    /// MKLayoutLibrary item's view, a BoxView's item, a node's child), where it is a box in a node
    /// of the engine's own (its styles decide: a missing width does not fill the room as at the
    /// root). Its attached boxes and scroll views keep their passes (`BoxPass`) in the nodes'
    /// origins, so they are placed and measured wherever the node goes. Throws ``MGBoxError``
    /// naming the first bad value by its path from this box.
    public func node(fonts: FontCollection = .standard) throws(MGBoxError) -> BoxNode {
        var lowering = MGLowering(fonts: fonts)
        return try lowering.lower(self, as: .plain, named: "")
    }
}
