import ArgumentParser
import Foundation
import MushJSON

/// Answers a JSON Lines batch on standard input, line by line, on `jobs` threads, writing the
/// answers in input order: the output is the same bytes whatever the number of jobs.
///
/// Lines are read as they arrive and answered in chunks (128 lines or 64 KiB, or fewer when the
/// next line is not there yet), so that the first answer is written before the input ends, a
/// co-process that writes one line and waits gets its answer, and memory stays that of a few
/// chunks per job however long the input is. Each chunk's warnings are written to standard
/// error just before its answers.
struct BatchRun: Sendable {
    /// The threads answering lines (1: the reading thread answers them itself).
    var jobs: Int
    var console: CommandConsole
    /// The answer to one line, given its bytes and its number (from 1).
    var answer: @Sendable (_ line: [UInt8], _ number: Int) -> BatchAnswer
    /// The answer to a line that could not be read (one too long to hold), given its error and
    /// number.
    var failure: @Sendable (_ error: RequestError, _ number: Int) -> BatchAnswer = BatchAnswer.failure

    /// Lines a chunk holds at most; a chunk also ends at 64 KiB of input or when no line is ready.
    static let chunkLines = 128
    static let chunkBytes = 1 << 16

    /// How a batch went: how many lines it read, how many failed, and the first that did.
    struct Summary: Sendable, Equatable {
        var lines = 0
        var failed = 0
        /// The number (from 1) of the first line that failed.
        var firstFailure: Int?
        /// Standard output could not be written: the batch stopped there.
        var outputFailure: OutputFailure?

        mutating func count(_ answer: BatchAnswer, number: Int) {
            lines = max(lines, number)
            guard answer.failed else { return }
            failed += 1
            if firstFailure.map({ number < $0 }) ?? true { firstFailure = number }
        }

        /// Adds the lines of `other`, which come after these.
        mutating func add(_ other: Summary) {
            lines = max(lines, other.lines)
            failed += other.failed
            firstFailure = firstFailure ?? other.firstFailure
            outputFailure = outputFailure ?? other.outputFailure
        }
    }

    /// Answers every line of standard input; when a line failed, says on standard error how many
    /// did and which was first (`mush: 3 of 300 lines failed; the first is line 8`) and throws exit
    /// status 2 (every line is answered first). Output that cannot be written stops the batch and
    /// throws its ``OutputFailure``.
    func runAndReport() async throws {
        let summary = await run()
        if let failure = summary.outputFailure { throw failure }
        if summary.failed > 0, let first = summary.firstFailure {
            let lines = summary.lines == 1 ? "line" : "lines"
            console.warn("mush: \(summary.failed) of \(summary.lines) \(lines) failed; the first is line \(first)")
            throw ExitCode(2)
        }
    }

    /// Answers every line of standard input. The work runs on threads of its own (reading blocks),
    /// not on the caller's task.
    func run() async -> Summary {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: jobs <= 1 ? runSerially() : runInParallel()) }.start()
        }
    }

    /// The answer to a line as read: its bytes answered, or its error.
    private func answering(_ line: Result<[UInt8], RequestError>, _ number: Int) -> BatchAnswer {
        switch line {
        case .success(let bytes): answer(bytes, number)
        case .failure(let error): failure(error, number)
        }
    }

    /// One thread reads, answers and writes; output goes out every 64 KiB and whenever the next
    /// line is not there yet.
    private func runSerially() -> Summary {
        var reader = console.inputLines()
        var output: [UInt8] = []
        var warnings = ""
        var summary = Summary()
        var number = 0
        while let line = reader.next() {
            number += 1
            let answer = answering(line, number)
            summary.count(answer, number: number)
            do {
                try console.add(answer, to: &output, warnings: &warnings)
                if output.count >= Self.chunkBytes || warnings.utf8.count >= Self.chunkBytes
                    || !reader.canReadWithoutWaiting()
                {
                    try console.write(&output, warnings: &warnings)
                }
            } catch {
                summary.outputFailure = error
                return summary
            }
        }
        do {
            try console.write(&output, warnings: &warnings)
        } catch {
            summary.outputFailure = error
        }
        return summary
    }

    /// This thread reads and hands chunks to `jobs` worker threads; whichever worker finishes the
    /// next chunk in order writes it and any after it that are done.
    private func runInParallel() -> Summary {
        let queue = ChunkQueue(limit: 2 * jobs + 2)
        for _ in 0..<jobs {
            Thread { queue.work(answer: answering, console: console) }.start()
        }
        var reader = console.inputLines()
        var chunk = LineChunk(reservingRoom: true)
        var number = 0
        while let line = reader.next(appendingTo: &chunk.bytes) {
            number += 1
            chunk.lines.append((number, line))
            if chunk.lines.count >= Self.chunkLines || chunk.bytes.count >= Self.chunkBytes
                || !reader.canReadWithoutWaiting()
            {
                guard queue.submit(chunk) else { break }
                chunk = LineChunk(reservingRoom: true)
            }
        }
        if !chunk.lines.isEmpty { _ = queue.submit(chunk) }
        return queue.finish()
    }
}

/// Lines read for one worker: their bytes one after another in one buffer, and each line's
/// number and range there (or why it could not be read). The reading thread, alone while the
/// workers wait, then makes one buffer a chunk and hands it on as one value; each worker makes its
/// lines' arrays.
private struct LineChunk: Sendable {
    var bytes: [UInt8] = []
    var lines: [(number: Int, line: Result<Range<Int>, RequestError>)] = []

    /// An empty chunk, with room for a whole chunk's lines when `reservingRoom`.
    init(reservingRoom: Bool) {
        guard reservingRoom else { return }
        bytes.reserveCapacity(BatchRun.chunkBytes + 1024)
        lines.reserveCapacity(BatchRun.chunkLines)
    }

    /// The bytes of `line`, one of ``lines``, or its error.
    func bytes(of line: Result<Range<Int>, RequestError>) -> Result<[UInt8], RequestError> {
        line.map { Array(bytes[$0]) }
    }
}

/// The chunks of a parallel batch between the reading thread, the workers and the writing, under
/// one lock. Chunks are numbered as read; answers are written strictly in that order.
private final class ChunkQueue: @unchecked Sendable {
    // Everything below is read and changed only with `condition` locked.
    private let condition = NSCondition()
    /// Chunks read but not yet taken by a worker, oldest first.
    private var pending: [(sequence: Int, chunk: LineChunk)] = []
    private var pendingStart = 0
    /// Answered chunks waiting for those before them to be written.
    private var answered: [Int: [(number: Int, answer: BatchAnswer)]] = [:]
    private var submitted = 0
    private var written = 0
    /// Whether a worker is writing (outside the lock); the others leave their answers to it.
    private var writing = false
    private var closed = false
    /// Whether the reading waits for room (until half the limit is written).
    private var readerWaiting = false
    private var summary = BatchRun.Summary()
    /// Chunks read but not written at most: the reading waits beyond it, so memory stays flat.
    private let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Queues a chunk, waiting while too many are read and not yet written; false (the chunk
    /// dropped) once output could not be written, when reading should stop.
    func submit(_ chunk: LineChunk) -> Bool {
        condition.lock()
        if submitted - written >= limit {
            // Full: wait until half of it is written, so the reading wakes once for several
            // chunks, not once a chunk.
            readerWaiting = true
            while submitted - written > limit / 2 && summary.outputFailure == nil { condition.wait() }
            readerWaiting = false
        }
        guard summary.outputFailure == nil else {
            condition.unlock()
            return false
        }
        pending.append((submitted, chunk))
        submitted += 1
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Says no more chunks come, waits until every chunk is written, and returns how the lines
    /// went. The workers stop once the queue is empty.
    func finish() -> BatchRun.Summary {
        condition.lock()
        closed = true
        condition.broadcast()
        while written < submitted || writing { condition.wait() }
        let summary = summary
        condition.unlock()
        return summary
    }

    /// A worker: takes chunks and answers them until the queue is closed and empty.
    func work(answer: (_ line: Result<[UInt8], RequestError>, _ number: Int) -> BatchAnswer, console: CommandConsole) {
        condition.lock()
        while true {
            while pendingStart == pending.count && !closed { condition.wait() }
            guard pendingStart < pending.count else { break }
            let (sequence, chunk) = pending[pendingStart]
            pending[pendingStart].chunk = LineChunk(reservingRoom: false)
            pendingStart += 1
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
            }
            let failed = summary.outputFailure != nil
            condition.unlock()
            // After a failed write, the chunks left are dropped unanswered.
            let answers =
                failed
                ? [] : chunk.lines.map { (number: $0.number, answer: answer(chunk.bytes(of: $0.line), $0.number)) }
            condition.lock()
            answered[sequence] = answers
            if !writing { writeReady(console) }
        }
        condition.unlock()
    }

    /// Writes every answered chunk that is next in order, unlocking while writing. Called and
    /// returns with the lock held.
    private func writeReady(_ console: CommandConsole) {
        writing = true
        while let answers = answered.removeValue(forKey: written) {
            let failed = summary.outputFailure != nil
            condition.unlock()
            var output: [UInt8] = []
            var warnings = ""
            var chunkSummary = BatchRun.Summary()
            if !failed {
                output.reserveCapacity(answers.reduce(0) { $0 + $1.answer.bytes.count })
                do {
                    for (number, answer) in answers {
                        chunkSummary.count(answer, number: number)
                        try console.add(answer, to: &output, warnings: &warnings)
                    }
                    try console.write(&output, warnings: &warnings)
                } catch {
                    chunkSummary.outputFailure = error
                }
            }
            condition.lock()
            written += 1
            summary.add(chunkSummary)
            // Wake only those waiting for this: the reading (room, or a failed write) and `finish`.
            if closed || summary.outputFailure != nil || (readerWaiting && submitted - written <= limit / 2) {
                condition.broadcast()
            }
        }
        writing = false
        if closed { condition.broadcast() }
    }
}

extension CommandConsole {
    /// Adds `answer`'s line to `output`, the answers not yet written. When the answer has
    /// warnings and standard output and standard error are one file (or a test's buffers), writes
    /// what is pending first and then the warnings, so that each warning comes out just before its
    /// line's answer; when they are different files, adds the warnings to `warnings`, written with
    /// the answers (``write(_:warnings:)``).
    fileprivate func add(_ answer: BatchAnswer, to output: inout [UInt8], warnings: inout String)
        throws(OutputFailure)
    {
        if !answer.warnings.isEmpty {
            if streamsAreSeparate {
                for warning in answer.warnings { warnings += Self.escapingControls("mush: warning: \(warning)") + "\n" }
            } else {
                if !output.isEmpty { try write(output) }
                output.removeAll(keepingCapacity: true)
                for warning in answer.warnings { warn("mush: warning: \(warning)") }
            }
        }
        output += answer.bytes
    }

    /// Writes the pending warnings (one write) and answers, and empties both.
    fileprivate func write(_ output: inout [UInt8], warnings: inout String) throws(OutputFailure) {
        if !warnings.isEmpty {
            error(warnings)
            warnings = ""
        }
        if !output.isEmpty { try write(output) }
        output.removeAll(keepingCapacity: true)
    }
}
