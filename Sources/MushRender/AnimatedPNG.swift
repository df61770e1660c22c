import Foundation

/// Animated PNG (APNG, the W3C PNG specification's third edition): frames of one size in one file,
/// which browsers play. Each frame is a PNG that Cairo wrote; its image data chunks become the
/// animation's frame data, the first frame's also the still picture that readers without APNG
/// show.
enum AnimatedPNG {
    /// The frames (PNG files of the same width and height) as one animation, each shown for
    /// `delay` seconds, played once and ending on the last frame. nil when a frame is not a PNG
    /// of the first one's size.
    static func assemble(_ frames: [Data], delay: Double) -> Data? {
        guard let first = frames.first, let header = chunks(first)?.first(where: { $0.type == "IHDR" }) else {
            return nil
        }
        var output = Data(PNGFile.signature)
        append("IHDR", header.data, to: &output)
        // acTL: the number of frames, and of plays (1: once).
        append("acTL", bigEndian(UInt32(frames.count)) + bigEndian(1), to: &output)
        // The delay as a fraction of a second, in thousandths.
        let thousandths = UInt16(min(max((delay * 1000).rounded(), 0), Double(UInt16.max)))
        var sequence: UInt32 = 0
        for (index, frame) in frames.enumerated() {
            guard let parts = chunks(frame), let frameHeader = parts.first(where: { $0.type == "IHDR" }),
                frameHeader.data == header.data
            else { return nil }
            // fcTL: sequence, width and height (the header's), offset 0, 0, delay, dispose none,
            // blend source.
            var control = bigEndian(sequence)
            control += header.data.prefix(8)
            control += bigEndian(0) + bigEndian(0)
            control += bigEndian16(thousandths) + bigEndian16(1000)
            control += Data([0, 0])
            append("fcTL", control, to: &output)
            sequence += 1
            for part in parts where part.type == "IDAT" {
                if index == 0 {
                    append("IDAT", part.data, to: &output)
                } else {
                    append("fdAT", bigEndian(sequence) + part.data, to: &output)
                    sequence += 1
                }
            }
        }
        append("IEND", Data(), to: &output)
        return output
    }

    /// A PNG's chunks, in order; nil when the data is not a whole PNG.
    static func chunks(_ png: Data) -> [(type: String, data: Data)]? {
        let bytes = [UInt8](png)
        guard bytes.starts(with: PNGFile.signature) else { return nil }
        var chunks: [(type: String, data: Data)] = []
        var index = PNGFile.signature.count
        while index + 12 <= bytes.count {
            let length = bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
            guard index + 12 + length <= bytes.count else { return nil }
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            chunks.append((type, Data(bytes[index + 8..<index + 8 + length])))
            index += 12 + length
            if type == "IEND" { return chunks }
        }
        return nil
    }

    private static func append(_ type: String, _ data: Data, to output: inout Data) {
        let typeBytes = Data(type.utf8)
        output += bigEndian(UInt32(data.count))
        output += typeBytes
        output += data
        output += bigEndian(crc(typeBytes + data))
    }

    private static func bigEndian(_ value: UInt32) -> Data {
        Data([UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }

    private static func bigEndian16(_ value: UInt16) -> Data { Data([UInt8(value >> 8), UInt8(value & 0xFF)]) }

    /// The CRC-32 of PNG chunks (ISO 3309, the polynomial 0xEDB88320 reflected).
    static func crc(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }
}
