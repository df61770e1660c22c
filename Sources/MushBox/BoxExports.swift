// The package's shared value types (`BoxEdges`, the edges of every box and inset) live in MushBase;
// importing this module brings them.
@_exported import MushBase
