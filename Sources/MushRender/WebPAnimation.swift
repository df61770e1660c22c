import CWebP

/// An animated WebP, read through libwebp's animation decoder (its demux library): still pictures
/// draw its first frame, whole (the frame composed on the canvas as the animation shows it),
/// and say that it moves. Owns the decoder and its own copy of the bytes, which the decoder reads
/// from while it lives. Used by one thread at a time.
final class WebPAnimation {
    /// The canvas's size, in pixels, and the number of frames.
    let width: Int
    let height: Int
    let frames: Int
    private let decoder: OpaquePointer
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    /// The animation in `bytes`; nil when they are not an animated WebP (a still one is decoded
    /// otherwise) or libwebp refuses them.
    init?(_ bytes: [UInt8]) {
        var features = WebPBitstreamFeatures()
        guard
            bytes.withUnsafeBufferPointer({ WebPGetFeatures($0.baseAddress, $0.count, &features) })
                == VP8_STATUS_OK, features.has_animation != 0
        else { return nil }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = copy.initialize(from: bytes)
        var data = WebPData(bytes: copy.baseAddress, size: copy.count)
        var options = WebPAnimDecoderOptions()
        // Premultiplied BGRA: Cairo's ARGB32 in memory on a little-endian machine.
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            copy.deallocate()
            return nil
        }
        options.color_mode = MODE_bgrA
        options.use_threads = 0
        var info = WebPAnimInfo()
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            copy.deallocate()
            return nil
        }
        guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else {
            WebPAnimDecoderDelete(decoder)
            copy.deallocate()
            return nil
        }
        self.decoder = decoder
        self.bytes = copy
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        frames = Int(info.frame_count)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        bytes.deallocate()
    }

    /// The first frame, as the animation shows it, in a Cairo ARGB32 image; nil when it does not
    /// decode.
    func firstFrame() -> CairoImage? {
        var pixels: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &pixels, &timestamp) != 0, let pixels else { return nil }
        return CairoImage.make(width: width, height: height, opaque: false) { data, stride in
            // The decoder's canvas (owned by it) has rows of exactly `width` pixels.
            for row in 0..<height {
                (data + row * stride).update(from: pixels + row * width * 4, count: width * 4)
            }
            return true
        }
    }
}
