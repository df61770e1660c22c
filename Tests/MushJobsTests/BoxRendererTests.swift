import Foundation
import MushBase
import MushBox
import MushDSL
import MushJSON
import MushJobs
import MushRender
import MushText
import Synchronization
import Testing

/// What tasks note, in the order they note it.
final class Log: Sendable {
    let entries = Mutex<[String]>([])
    func note(_ entry: String) { entries.withLock { $0.append(entry) } }
}

/// `BoxRenderer`: trees drawn from async code on threads of its own.
@Suite("The async renderer")
struct BoxRendererTests {
    static let card = Column(spacing: 8) {
        Text("Sunrise over the harbour").font(size: 17, bold: true)
        Text("Boats leave at **six**.", markup: true).font(size: 14)
    }
    .padding(12).frame(width: 320).background("#fff")

    /// A tree that takes a while to lay out and draw: 400 texts.
    static let heavy = Column { for index in 0..<400 { Text("Row \(index) of a long table, wrapping") } }
        .frame(width: 120)

    @Test func aCardIsDrawnAtItsScale() async throws {
        let renderer = BoxRenderer(threads: 2, fonts: .shipped)
        let png = try await renderer.render(Self.card, as: .png(scale: 2))
        #expect(png.format == .png && png.width == 640)
        #expect(png.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let pdf = try await renderer.render(Self.card, as: .pdf)
        #expect(pdf.data.starts(with: Array("%PDF".utf8)))
    }

    @Test func sixtyFourTasksAtOnceDrawTheSame() async throws {
        let renderer = BoxRenderer(threads: 2, fonts: .shipped)
        let first = try await renderer.render(Self.card, as: .png(scale: 1)).data
        let all = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<64 { group.addTask { try await renderer.render(Self.card, as: .png(scale: 1)).data } }
            var all: [Data] = []
            for try await data in group { all.append(data) }
            return all
        }
        #expect(all.count == 64 && all.allSatisfy { $0 == first })
    }

    /// While sixteen heavy drawings wait for the renderer's one thread, the caller's tasks go on: a
    /// task started after them finishes before the last of them.
    @Test func theCallersPoolStaysFree() async throws {
        let renderer = BoxRenderer(threads: 1, fonts: .shipped)
        let order = Log()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<16 {
                group.addTask {
                    _ = try await renderer.render(Self.heavy, as: .png(scale: 0.25))
                    order.note("drawing \(index)")
                }
            }
            group.addTask {
                // (A moment for the drawings to start and take the renderer's thread.)
                try await Task.sleep(for: .milliseconds(20))
                order.note("the caller's task")
            }
            try await group.waitForAll()
        }
        let finished = order.entries.withLock { $0 }
        #expect(finished.count == 17)
        #expect(finished.last != "the caller's task")
        #expect(finished.firstIndex(of: "the caller's task")! < 15)
    }

    @Test func aCancelledTaskStopsItsDrawing() async throws {
        let renderer = BoxRenderer(threads: 1, fonts: .shipped)
        // The first drawing holds the one thread; the second, cancelled while it waits, never starts.
        async let first = renderer.render(Self.heavy, as: .png(scale: 0.25))
        let second = Task { try await renderer.render(Self.card, as: .png()) }
        second.cancel()
        do {
            _ = try await second.value
            Issue.record("a cancelled drawing was drawn")
        } catch let failure as BoxRenderer.Failure {
            guard case .cancelled = failure else {
                Issue.record("\(failure)")
                return
            }
        }
        #expect(try await first.width > 0)
    }

    @Test func badValuesAreTypedErrorsWithTheirPaths() async {
        let renderer = BoxRenderer(threads: 1, fonts: .shipped)
        do {
            _ = try await renderer.render(Column { Text("a").background("#nope") }, as: .png())
            Issue.record("a bad colour was drawn")
        } catch {
            guard case .build(let error) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.path == "children[0].backgroundColor")
        }
        do {
            _ = try await renderer.render(Column {}, as: .png())
            Issue.record("an empty picture was drawn")
        } catch {
            guard case .render(.empty) = error else {
                Issue.record("\(error)")
                return
            }
        }
    }
}

/// Pages of a tree written in Swift, and its JSON twin's.
@Suite("Pages from Swift")
struct SwiftPagesTests {
    /// The text of each page of `pdf`, as poppler's pdftotext reads it.
    func text(_ pdf: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pages-\(UUID().uuidString).pdf")
        try pdf.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [file.path, "-"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aTableOnA5PagesIsItsJSONTwin() async throws {
        let renderer = BoxRenderer(threads: 1, fonts: .shipped)
        let table = Column { for index in 0..<60 { Text("Row \(index)").frame(height: 20) } }
        let pages = Pages(size: .a5, margin: 36) { page, count in
            Text("Page \(page) of \(count)").font(size: 8)
        }
        let swift = try await renderer.render(table, pages: pages)
        #expect(swift.count == 1)
        let rows = (0..<60).map { #"{"text": "Row \#($0)", "height": 20}"# }.joined(separator: ", ")
        let json = #"""
            {"page": {"size": "a5", "margin": 36, "header": {"text": "Page {page} of {pages}", "font": {"size": 8}}},
             "flexDirection": "column", "children": [\#(rows)]}
            """#
        let twin = try RenderJob(format: .pdf).run(Array(json.utf8), fonts: .shipped)
        #expect(twin.pageCount == 3)
        let (ours, theirs) = (try text(swift[0].data), try text(twin.renderings[0].data))
        #expect(ours == theirs)
        #expect(ours.contains("Page 3 of 3"))
        // Tagged, as a PDF of pages is.
        #expect(String(decoding: swift[0].data, as: UTF8.self).contains("/StructTreeRoot"))
    }

    @Test func aMarginThatLeavesNoRoomIsAnError() async {
        let renderer = BoxRenderer(threads: 1, fonts: .shipped)
        do {
            _ = try await renderer.render(Text("x"), pages: Pages(size: .a5, margin: 300))
            Issue.record("a margin wider than the page was taken")
        } catch {
            guard case .build(let error) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(error.path == "pages")
            #expect(error.problem.hasPrefix("the margin must leave at least 36 × 36 points"))
        }
    }
}
