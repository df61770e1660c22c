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
            self.init(red: channels[0], green: channels[1], blue: channels[2],
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
