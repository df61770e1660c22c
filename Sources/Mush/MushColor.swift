/// An sRGB colour with 8 bits a channel, as Mush's `{#…|…}` and `{bg#…|…}` spans write it.
public struct MushColor: Hashable, Sendable {
    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Alpha, 0 (transparent) … 255 (opaque).
    public var alpha: UInt8

    /// A colour from its four channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses a CSS hex colour: `#RGB`, `#RGBA`, `#RRGGBB` or `#RRGGBBAA`, case-insensitive, with or
    /// without the leading `#`. Returns nil for anything else.
    ///
    /// The short forms repeat each digit, as in CSS: `#f008` is `#ff000088`.
    public init?(hex: some StringProtocol) {
        var scalars = Substring(hex).unicodeScalars[...]
        if scalars.first == "#" { scalars = scalars.dropFirst() }
        guard let color = MushColor(hexDigits: scalars) else { return nil }
        self = color
    }

    /// Parses a CSS hex colour as ``init(hex:)`` does, or says what is wrong with it:
    /// `'#12345' is not a colour: 5 hex digits (expected 3, 4, 6 or 8)`.
    public init(parsing hex: some StringProtocol) throws(MushColorError) {
        var scalars = Substring(hex).unicodeScalars[...]
        if scalars.first == "#" { scalars = scalars.dropFirst() }
        if let color = MushColor(hexDigits: scalars) {
            self = color
            return
        }
        let input = String(hex)
        if let bad = scalars.first(where: { Self.nibble($0) == nil }) {
            throw MushColorError(input: input, problem: "'\(bad.escaped(asASCII: false))' is not a hex digit")
        }
        throw MushColorError(input: input, problem: "\(scalars.count) hex digits (expected 3, 4, 6 or 8)")
    }

    /// Parses the hex digits alone (no `#`).
    init?(hexDigits: some Collection<Unicode.Scalar>) {
        var nibbles: [UInt8] = []
        nibbles.reserveCapacity(8)
        for scalar in hexDigits {
            guard nibbles.count < 8, let value = Self.nibble(scalar) else { return nil }
            nibbles.append(value)
        }
        switch nibbles.count {
        case 3, 4:
            let channels = nibbles.map { $0 << 4 | $0 }
            self.init(
                red: channels[0], green: channels[1], blue: channels[2],
                alpha: nibbles.count == 4 ? channels[3] : 255)
        case 6, 8:
            func byte(_ i: Int) -> UInt8 { nibbles[2 * i] << 4 | nibbles[2 * i + 1] }
            self.init(red: byte(0), green: byte(1), blue: byte(2), alpha: nibbles.count == 8 ? byte(3) : 255)
        default:
            return nil
        }
    }

    private static func nibble(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: return UInt8(scalar.value - 0x30)
        case 0x41...0x46: return UInt8(scalar.value - 0x41 + 10)
        case 0x61...0x66: return UInt8(scalar.value - 0x61 + 10)
        default: return nil
        }
    }

    /// Lowercase `#rrggbbaa`, the form the JSON output uses.
    public var hexRGBA: String {
        "#" + [red, green, blue, alpha].map(Self.hexByte).joined()
    }

    /// Lowercase `#rrggbb` when the colour is opaque, else `#rrggbbaa`: the shortest exact six- or
    /// eight-digit form, which the Mush and HTML writers use.
    public var hex: String {
        alpha == 255 ? "#" + [red, green, blue].map(Self.hexByte).joined() : hexRGBA
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}

/// Why a string is not a colour (``MushColor/init(parsing:)``).
public struct MushColorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string given.
    public var input: String
    /// What is wrong with it: "'g' is not a hex digit", "5 hex digits (expected 3, 4, 6 or 8)".
    public var problem: String

    public var description: String {
        let shown = input.count > 40 ? String(input.prefix(40)) + "…" : input
        return "'\(shown)' is not a colour: \(problem)"
    }
}
