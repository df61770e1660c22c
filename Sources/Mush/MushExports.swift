// What every module of the package shares (the ranges of values, the JSON writer, the lock, the
// large stack, path joining) lives in MushBase, below the parser; `import Mush` brings its public
// part (`MushLimits`, `JSONText`) as before.
@_exported import MushBase
