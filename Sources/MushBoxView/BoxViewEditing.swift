import MushBox

extension BoxView {
    /// Where an inserted item is drawn among the others (BoxView's `z` of
    /// `insertItem(_:after:z:)`).
    public enum ZOrder: String, Hashable, Sendable, CaseIterable {
        /// Over the other items (the default: a later item is drawn on top).
        case front
        /// Behind them: its view's `zIndex` one below the lowest of theirs.
        case back
    }

    /// Inserts `item` into the chain after the item whose view's id is `id` (first when `id` is
    /// nil), drawn in front of or behind the others: BoxView's `insertItem(_:after:z:)`, as its
    /// article shows an error label slid in under a field. The chain re-forms around it as BoxView
    /// re-forms its constraints: the next item follows the inserted one. Returns false, and
    /// inserts nothing, when no item's view has the id.
    ///
    /// ```swift
    /// let label = error.boxed.top(-form.spacing).left(12)
    /// form.insertItem(label, after: "nameRow", z: .back)
    /// ```
    @discardableResult
    public mutating func insertItem(_ item: BoxItem, after id: String?, z: ZOrder = .front) -> Bool {
        let index: Int
        if let id {
            guard let found = items.firstIndex(where: { $0.view?.id == id }) else { return false }
            index = found + 1
        } else {
            index = 0
        }
        var item = item
        if z == .back {
            let lowest = items.compactMap { $0.view?.paint?.zIndex }.min() ?? 0
            var view = item.view ?? BoxNode()
            var paint = view.paint ?? BoxPaint()
            paint.zIndex = min(lowest, 0) - 1
            view.paint = paint
            item.view = view
        }
        items.insert(item, at: index)
        return true
    }
}
