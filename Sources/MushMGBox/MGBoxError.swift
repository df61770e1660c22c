import MushBox

/// A box tree MGBoxKit's rules cannot lay out: the box engine's `BoxError`, with the path of the
/// bad value from the root as Swift names it (`boxes[3].margin.left`) and the JSON too:
/// `boxes[3].attachedTo: no sibling box has the id "photo"`. (The vocabulary's errors and the
/// engine's are one type, so that an engine error passes through unchanged.)
public typealias MGBoxError = BoxError
