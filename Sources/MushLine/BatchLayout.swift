import MushText

#if canImport(Glibc)
    import Glibc
#endif

extension MGLine {
    /// Lays out many lines at once on all cores (or `maxConcurrency` of them), with the same
    /// results as laying them out one by one, in the same order.
    ///
    /// The lines are cut into chunks that a few tasks take in turn, so each task shapes many rows
    /// between two trips to the scheduler. The fonts' shaped-word cache is shared by all tasks.
    /// The first line that cannot be laid out makes the whole call throw its error.
    public static func layout(
        _ lines: [MGLine], fonts: FontCollection = .standard, maxConcurrency: Int? = nil
    ) async throws(MGLineError) -> [MGLineLayout] {
        let workers = max(1, min(maxConcurrency ?? ProcessInfoCores.count, lines.count))
        guard workers > 1 else { return try lines.map { line throws(MGLineError) in try line.layout(fonts: fonts) } }
        // Chunks small enough to balance the workers, large enough to keep the scheduling cheap.
        let chunkSize = max(1, min(256, lines.count / (workers * 8)))
        let chunks = stride(from: 0, to: lines.count, by: chunkSize).map { $0..<min($0 + chunkSize, lines.count) }
        let results: [(Int, Result<[MGLineLayout], MGLineError>)] = await withTaskGroup { group in
            for worker in 0..<workers {
                group.addTask {
                    var done: [(Int, Result<[MGLineLayout], MGLineError>)] = []
                    for chunk in stride(from: worker, to: chunks.count, by: workers) {
                        do throws(MGLineError) {
                            var layouts: [MGLineLayout] = []
                            layouts.reserveCapacity(chunks[chunk].count)
                            for index in chunks[chunk] { layouts.append(try lines[index].layout(fonts: fonts)) }
                            done.append((chunk, .success(layouts)))
                        } catch {
                            done.append((chunk, .failure(error)))
                            break
                        }
                    }
                    return done
                }
            }
            var all: [(Int, Result<[MGLineLayout], MGLineError>)] = []
            for await done in group { all += done }
            return all
        }
        var ordered = [Result<[MGLineLayout], MGLineError>?](repeating: nil, count: chunks.count)
        for (chunk, result) in results { ordered[chunk] = result }
        var layouts: [MGLineLayout] = []
        layouts.reserveCapacity(lines.count)
        for result in ordered {
            // A worker stops at its first error, so the chunks after it have no result; the error
            // of the earliest failing chunk is the one reported.
            switch result {
            case .success(let chunk): layouts += chunk
            case .failure(let error): throw error
            case nil: continue
            }
        }
        return layouts
    }
}

/// The number of cores the process may use.
enum ProcessInfoCores {
    static var count: Int {
        #if canImport(Glibc)
            return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
            return 1
        #endif
    }
}
