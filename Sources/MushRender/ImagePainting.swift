import Foundation
import Mush
import MushImage
import MushLine

extension Painter {
    /// Draws `image`'s file (PNG, JPEG, WebP or SVG) scaled to `frame`, or a placeholder (grey,
    /// crossed) with a warning at `location` when there is no file or it cannot be read: an image
    /// item of a line, or an image leaf of a box tree (its content box).
    func drawImage(_ image: MGLine.Image, _ frame: Rect, location: RenderWarning.Location) {
        guard !stopped else { return }
        guard frame.width > 0, frame.height > 0 else { return }
        guard let file = image.file else {
            warn(.imageNamesNoFile, file: nil, at: location)
            drawPlaceholder(frame)
            return
        }
        guard let decoded = readImage(file, location: location) else {
            drawPlaceholder(frame)
            return
        }
        let drawn = Self.fitted(image, own: Self.ownSize(decoded, image: image, file: file), in: frame)
        guard drawn.width > 0, drawn.height > 0 else { return }
        // An SVG's filters cost librsvg a pass over every pixel drawn: bounded by the area.
        if case .vector(let document) = decoded,
            let excess = document.census.filterExcess(
                pixels: drawn.width * drawn.height * options.scale * options.scale)
        {
            warn(.svgTooCostly(excess), file: file, at: location)
            drawPlaceholder(frame)
            return
        }
        if drawn.x >= frame.x, drawn.y >= frame.y, drawn.x + drawn.width <= frame.x + frame.width,
            drawn.y + drawn.height <= frame.y + frame.height
        {
            context.paint(decoded, x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height)
            return
        }
        // Cut at the frame (`cover`, `none`).
        context.save()
        context.rectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        context.clip()
        context.paint(decoded, x: drawn.x, y: drawn.y, width: drawn.width, height: drawn.height)
        context.restore()
    }

    /// The picture's own size in points: a raster image's pixels (turned as its orientation says)
    /// over the image's scale or its name's `@2x`/`@3x`; an SVG's size (nil for one without).
    static func ownSize(_ decoded: DecodedImage, image: MGLine.Image, file: String) -> (width: Double, height: Double)?
    {
        switch decoded {
        case .raster(let picture, let orientation):
            let scale = image.scale ?? ImageFiles.nameScale(file)
            let (width, height) = (Double(picture.width) / scale, Double(picture.height) / scale)
            return orientation >= 5 ? (height, width) : (width, height)
        case .vector(let document):
            return document.width > 0 && document.height > 0 ? (document.width, document.height) : nil
        }
    }

    /// Where the picture goes for the image's ``MGLine/Image/fit`` and position in `frame` (CSS's
    /// concrete object size and `object-position`); a picture without a size of its own fills the
    /// frame.
    static func fitted(_ image: MGLine.Image, own: (width: Double, height: Double)?, in frame: Rect) -> Rect {
        guard let own, own.width > 0, own.height > 0 else { return frame }
        let contain = min(frame.width / own.width, frame.height / own.height)
        let size: (width: Double, height: Double)
        switch image.fit {
        case .fill: return frame
        case .contain: size = (own.width * contain, own.height * contain)
        case .cover:
            let cover = max(frame.width / own.width, frame.height / own.height)
            size = (own.width * cover, own.height * cover)
        case .none: size = own
        case .scaleDown: size = contain < 1 ? (own.width * contain, own.height * contain) : own
        }
        return Rect(
            x: frame.x + (frame.width - size.width) * image.position.x,
            y: frame.y + (frame.height - size.height) * image.position.y, width: size.width, height: size.height)
    }

    /// The image at `file` (found as the options' image root and folder say), read once per
    /// rendering while it stays within the image memory; nil, with a warning at `location` the
    /// first time, when it cannot be read. The file is opened first, and its header and pixels are
    /// read from what was opened (``ImageFile``).
    private func readImage(_ file: String, location: RenderWarning.Location) -> DecodedImage? {
        if let known = images[file] {
            imageUses += 1
            images[file]?.lastUse = imageUses
            return known.image
        }
        imageUses += 1
        // No picture, warned about once.
        func unreadable(_ problem: RenderWarning.Problem, shown: String) -> DecodedImage? {
            warn(problem, file: shown, at: location)
            images[file] = (nil, imageUses)
            return nil
        }
        let opened: ImageFile
        let header: ImageHeader
        do {
            opened = try imageFiles.open(file)
        } catch {
            // A path leading out of the root is named as given; others as joined to the root or folder.
            let shown: String
            switch error {
            case .outsideRoot, .nulInName: shown = file
            default: shown = imageFiles.shownPath(of: file)
            }
            return unreadable(Self.problem(error), shown: shown)
        }
        do {
            header = try imageFiles.header(of: opened)
        } catch {
            return unreadable(Self.problem(error), shown: opened.path)
        }
        // An SVG or PDF surface keeps every image drawn into it until the file is written: letting
        // go of one frees nothing, so there the images drawn so far count against the memory to
        // the end, and one that does not fit is a placeholder.
        let keeps = !canvas.format.isBitmap
        let room = keeps ? max(options.imageMemory - imageBytes, 0) : options.imageMemory
        if keeps, header.isRaster, Int(header.storedWidth) * Int(header.storedHeight) * 4 > room {
            return unreadable(
                .imageOverDocumentMemory(
                    width: Int(header.storedWidth), height: Int(header.storedHeight), limit: options.imageMemory),
                shown: opened.path)
        }
        // Decoded by an earlier rendering (``ImageCache``): drawn from its pixels, within this
        // rendering's image memory as if decoded here; otherwise decoded, and kept for the next.
        let cache = header.isRaster ? options.imageCache : nil
        let decoded: DecodedImage
        let note: RenderWarning.Problem?
        if let cache, let shared = cache.pixels(of: opened.identity), shared.bytes <= room,
            let image = CairoImage.sharing(shared)
        {
            if !keeps { makeRoom(shared.bytes) }
            (decoded, note) = (.raster(image, orientation: shared.orientation), shared.note)
        } else {
            switch ImageDecoder.decode(opened, header: header, limit: room, makeRoom: keeps ? { _ in } : makeRoom) {
            case .image(let image, let problem):
                (decoded, note) = (image, problem)
            case .failed(let problem):
                return unreadable(problem, shown: opened.path)
            }
            if let cache, case .raster(let image, let orientation) = decoded, decoded.bytes <= cache.byteLimit,
                let shared = image.sharedCopy(orientation: orientation, note: note)
            {
                cache.keep(shared, for: opened.identity)
            }
        }
        images[file] = (decoded, imageUses)
        imageBytes += decoded.bytes
        if let note { warn(note, file: opened.path, at: location) }
        return decoded
    }

    /// The warning for an image that gives no header.
    static func problem(_ problem: ImageProblem) -> RenderWarning.Problem {
        switch problem {
        case .unreadable(.notFound): .imageNotFound
        case .unreadable(.isFolder): .imageIsAFolder
        case .unreadable(.permissionDenied): .imagePermissionDenied
        case .unreadable(let other): .imageNotRead(reason: other.description)
        case .unknownFormat: .notAnImage
        case .damaged(let format): .damagedImage(format.rawValue)
        case .tooLarge(let width, let height): .imageTooLarge(width: Int(width), height: Int(height))
        case .svgTooLarge: .damagedImage("SVG")
        case .noSize: .notAnImage
        case .outsideRoot(let root): .imageOutsideRoot(root)
        case .nulInName: .imageNotRead(reason: problem.description)
        }
    }

    /// Lets go of the images drawn least recently until `bytes` more fit in the image memory.
    private func makeRoom(_ bytes: Int) {
        while imageBytes + bytes > options.imageMemory {
            guard
                let (path, entry) = images.filter({ $0.value.image != nil }).min(by: {
                    $0.value.lastUse < $1.value.lastUse
                }),
                let image = entry.image
            else { return }
            imageBytes -= image.bytes
            images[path] = nil
        }
    }

    /// A light grey box with a darker outline and a cross: plainly not the picture.
    private func drawPlaceholder(_ frame: Rect) {
        fill(
            x: frame.x, y: frame.y, width: frame.width, height: frame.height,
            color: MushColor(red: 0xE4, green: 0xE4, blue: 0xE4))
        context.save()
        // The cross's line ends would stick out at the corners.
        context.rectangle(x: frame.x, y: frame.y, width: frame.width, height: frame.height)
        context.clip()
        setColor(MushColor(red: 0x99, green: 0x99, blue: 0x99))
        context.setLineWidth(1)
        context.rectangle(
            x: frame.x + 0.5, y: frame.y + 0.5, width: max(frame.width - 1, 0), height: max(frame.height - 1, 0))
        context.move(x: frame.x, y: frame.y)
        context.line(x: frame.x + frame.width, y: frame.y + frame.height)
        context.move(x: frame.x + frame.width, y: frame.y)
        context.line(x: frame.x, y: frame.y + frame.height)
        context.stroke()
        context.restore()
    }
}
