/// How ``BoxEngine`` rounds its results to whole points.
///
/// Both rounding rules round halves up (towards positive infinity), and treat anything within a
/// millionth of a point below a half as the half, so that one edge added up in two orders (which
/// can differ in the last bit) rounds alike. A leaf is never made narrower or shorter than its unrounded size by
/// either rule, because a client laying its text out again at a smaller width would wrap or cut it.
public enum BoxRounding: Sendable, Hashable {
    /// Every edge rounded in the root's coordinates: a position is the distance between its rounded
    /// edge and its parent's, and a size the distance between its own two rounded edges. Boxes that
    /// meet before rounding meet after it, so neighbours neither gap nor overlap and a drawing has no
    /// hairline seams. The default.
    case edges
    /// As browsers report `offsetLeft`, `offsetTop`, `offsetWidth` and `offsetHeight`: a position
    /// rounded relative to its parent, a size taken between its edges rounded in the root's
    /// coordinates. Inside a parent at a fractional position, neighbours may gap or overlap by a
    /// point; the browser-computed fixtures the engine is tested against are in these terms.
    case browserOffsets
    /// No rounding: the exact results.
    case exact
}
