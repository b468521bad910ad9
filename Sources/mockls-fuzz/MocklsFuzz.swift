import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Fuzzing
import Synchronization

/// Fuzzing and differential testing of mockls: see `make fuzz` and `make test` (the differential).
@main
struct MocklsFuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mockls-fuzz",
        abstract: "Feed mockls random and mutated input until something traps, hangs or differs.",
        subcommands: [
            DifferentialCommand.self, RunCommand.self, ReplayCommand.self, SeedsCommand.self, LibFuzzerCommand.self,
            SoakCommand.self,
        ])
}

struct Locations: ParsableArguments {
    @Option(help: "The shared material (fixtures, repro sessions).")
    var shared = "../shared"

    @Option(help: "This repository (for the Swift files under Tests/).")
    var repository = "."

    func fixture() throws -> FuzzFixture {
        FuzzFixture(shared: URL(fileURLWithPath: shared).standardizedFileURL, repository: URL(fileURLWithPath: repository))
    }
}

/// Random edits to every Swift file under `../shared/fixtures` and `Tests/`, each version parsed as the server does
/// and compared with a full parse. Exit 1 when any tree differs (a trap ends the process).
struct DifferentialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "differential", abstract: "Check the incremental Swift parse against full parses.")

    @OptionGroup var locations: Locations

    @Option(help: "How many edits.")
    var edits = 20_000

    @Option(help: "The random seed.")
    var seed: UInt64 = 1

    @Option(help: "A folder to write each differing chain of texts to.")
    var failures: String?

    func run() throws {
        let fixture = try locations.fixture()
        let start = Date()
        var differential = ParseDifferential(files: fixture.swiftSeeds, seed: seed)
        let report = differential.run(edits: edits)
        let seconds = Date().timeIntervalSince(start)
        let styles = report.byStyle.sorted { $0.key < $1.key }
            .map { "\($0.key) \($0.value.edits) (\($0.value.incremental) incremental)" }.joined(separator: ", ")
        print("""
            differential: \(report.edits) edits to \(fixture.swiftSeeds.count) Swift files in \(String(format: "%.1f", seconds)) s, \
            seed \(seed): \(report.incremental) parsed incrementally, \(report.full) from scratch, \(report.unchanged) \
            unchanged; \(styles); \(report.differences.count) differ from a full parse
            """)
        for (index, difference) in report.differences.prefix(10).enumerated() {
            print("  step \(difference.step): \(difference.description)")
            if let failures {
                let folder = URL(fileURLWithPath: failures).appendingPathComponent("difference-\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                for (step, text) in difference.chain.enumerated() {
                    try Data(text).write(to: folder.appendingPathComponent(String(format: "%04d.swift", step)))
                }
            }
        }
        if report.incremental < report.edits / 5 {
            print("differential: too few incremental parses to mean anything (\(report.incremental))")
            throw ExitCode(1)
        }
        if !report.differences.isEmpty { throw ExitCode(1) }
    }
}

/// The bounded random driver: generated inputs for one surface, in one process.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run", abstract: "Run generated inputs through one surface (messages, graphql, swift, workspace, fixtures).")

    @OptionGroup var locations: Locations

    @Argument(help: "messages, graphql, swift, workspace or fixtures.")
    var surface: String

    @Option(help: "How many inputs.")
    var inputs = 1_000_000

    @Option(help: "The random seed.")
    var seed: UInt64 = 1

    @Option(help: "Stop after this many seconds, whatever the count.")
    var seconds: Double?

    @Option(help: "Write each input to this file before running it (what to replay after a trap).")
    var last: String?

    @Option(help: "Append the count of inputs run to this ledger (date, surface, inputs, how): `make fuzz`'s.")
    var ledger: String?

    /// Set by SIGINT and SIGTERM (instead of ending the process), for as long as the process runs.
    final class Interruption: @unchecked Sendable {
        // @unchecked: `sources` is only kept (a signal source must live to be heard), never touched after `init`.
        private let flag = Atomic<Bool>(false)
        private var sources: [any DispatchSourceSignal] = []

        init() {
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler { [self] in flag.store(true, ordering: .relaxed) }
                source.resume()
                sources.append(source)
            }
        }

        var happened: Bool { flag.load(ordering: .relaxed) }
    }

    func run() throws {
        guard let name = FuzzSurfaceName(rawValue: surface) else { throw ValidationError("unknown surface \(surface)") }
        let target = name.make(try locations.fixture())
        var random = SeededRandom(seed: seed)
        let start = Date()
        var ran = 0
        var peak = residentMegabytes()
        let every = max(1, inputs / 20)
        // Interrupted (Ctrl-C, `kill`): the input running finishes, and what ran is still counted in the ledger.
        let interrupted = Interruption()
        while ran < inputs, !interrupted.happened {
            let input = target.generate(&random)
            if let last { try? Data(input).write(to: URL(fileURLWithPath: last)) }
            target.run(input)
            ran += 1
            if ran % every == 0 {
                let resident = residentMegabytes()
                peak = max(peak, resident)
                FileHandle.standardOutput.write(Data("\(surface): \(ran) inputs, \(String(format: "%.0f", Date().timeIntervalSince(start))) s, resident \(resident) MB\n".utf8))
            }
            if let seconds, Date().timeIntervalSince(start) > seconds { break }
        }
        peak = max(peak, residentMegabytes())
        if interrupted.happened { print("\(surface): interrupted") }
        print("\(surface): \(ran) inputs in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, 0 traps, peak resident \(peak) MB")
        if let ledger {
            let line = "\(ISO8601DateFormatter().string(from: Date()))\t\(surface)\t\(ran)\trandom driver, seed \(seed)\n"
            let url = URL(fileURLWithPath: ledger)
            if let handle = try? FileHandle(forWritingTo: url) {
                handle.seekToEndOfFile()
                handle.write(Data(line.utf8))
                try? handle.close()
            } else {
                try Data(line.utf8).write(to: url)
            }
        }
    }
}

/// `make bench-soak`: one server through 10⁶ random messages, and another through 10⁶ keystrokes with a completion
/// after each; prints the resident set (and completion's latency) per tenth, and how they compare with the bounds.
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak", abstract: "Long sessions of one server: memory and completion latency per tenth.")

    @OptionGroup var locations: Locations

    @Argument(help: "messages, edits, or both.")
    var kind = "both"

    @Option(help: "How many messages or keystrokes.")
    var count = 1_000_000

    @Option(help: "The random seed of the message stream.")
    var seed: UInt64 = 45

    @Option(help: "The bound on the resident set at the end, in MB.")
    var residentBound = 100

    @Option(help: "The bound on completion's p99 in the last tenth over the first.")
    var latencyBound = 1.2

    func run() throws {
        guard ["messages", "edits", "both"].contains(kind) else { throw ValidationError("unknown soak \(kind): messages, edits or both") }
        let fixture = try locations.fixture()
        let memory = { (residentMegabytes(), allocatedMegabytes()) }
        var broken: [String] = []
        if kind != "edits" {
            say("## \(count) random messages in one server (seed \(seed))\n\n| messages | resident MB | allocated MB | s |\n|---:|---:|---:|---:|")
            let start = Date()
            var last = 0
            Soak.messages(fixture, count: count, seed: seed, memory: memory) { tenth in
                last = tenth.residentMegabytes
                say("| \(tenth.steps) | \(tenth.residentMegabytes) | \(tenth.allocatedMegabytes) | \(String(format: "%.0f", Date().timeIntervalSince(start))) |")
            }
            say("\nresident at the end: \(last) MB (bound \(residentBound) MB)\(last < residentBound ? "" : " — over the bound")\n")
            if last >= residentBound { broken.append("messages: resident \(last) MB") }
        }
        if kind != "messages" {
            say("## \(count) keystrokes in one Swift test, a completion after each\n")
            say("| keystrokes | resident MB | allocated MB | completion median ms | completion p99 ms |\n|---:|---:|---:|---:|---:|")
            var tenths: [Soak.Tenth] = []
            Soak.edits(fixture, count: count, memory: memory) { tenth in
                tenths.append(tenth)
                let (median, p99) = tenth.completion ?? (0, 0)
                say("| \(tenth.steps) | \(tenth.residentMegabytes) | \(tenth.allocatedMegabytes) | \(String(format: "%.3f", median)) | \(String(format: "%.3f", p99)) |")
            }
            if let first = tenths.first?.completion?.p99, let last = tenths.last?.completion?.p99, let resident = tenths.last?.residentMegabytes {
                let ratio = last / max(first, 0.000_001)
                say("\ncompletion p99, last tenth over first: \(String(format: "%.2f", ratio)) (bound \(latencyBound)); resident at the end: \(resident) MB (bound \(residentBound) MB)")
                if ratio > latencyBound { broken.append("edits: completion p99 \(String(format: "%.2f", ratio))× the first tenth's") }
                if resident >= residentBound { broken.append("edits: resident \(resident) MB") }
            }
        }
        if !broken.isEmpty {
            say("over the bounds: \(broken.joined(separator: "; "))")
            throw ExitCode(1)
        }
    }

    /// A line on standard output at once (each tenth as it comes, also into a file).
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// Runs saved inputs (regression cases, or what a fuzzer found) through a surface.
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "replay", abstract: "Run saved inputs through one surface.")

    @OptionGroup var locations: Locations

    @Argument var surface: String
    @Argument(help: "Input files, or folders of them (a libFuzzer corpus).")
    var files: [String]

    @Option(help: "How many times to run the inputs, in one process: a long session's memory, from a corpus.")
    var passes = 1

    func run() throws {
        guard let name = FuzzSurfaceName(rawValue: surface) else { throw ValidationError("unknown surface \(surface)") }
        let target = name.make(try locations.fixture())
        let inputs = try files.flatMap(Self.inputFiles(at:)).map { Array(try Data(contentsOf: $0)) }
        for pass in 1...max(1, passes) {
            for input in inputs { target.runAlone(input) }
            if passes > 1 {
                print("pass \(pass): \(inputs.count) inputs, resident \(residentMegabytes()) MB, allocated \(allocatedMegabytes()) MB")
            }
        }
        print("\(surface): \(inputs.count * max(1, passes)) inputs replayed")
    }

    /// A file, or the files of a folder in name order.
    private static func inputFiles(at path: String) throws -> [URL] {
        let url = URL(fileURLWithPath: path)
        guard (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true else { return [url] }
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}

/// Writes generated inputs to a folder: the starting corpus of a libFuzzer run.
struct SeedsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "seeds", abstract: "Write generated inputs for one surface.")

    @OptionGroup var locations: Locations

    @Argument var surface: String
    @Argument var folder: String

    @Option(help: "How many inputs.")
    var count = 200

    func run() throws {
        guard let name = FuzzSurfaceName(rawValue: surface) else { throw ValidationError("unknown surface \(surface)") }
        let target = name.make(try locations.fixture())
        var random = SeededRandom(seed: 7)
        let url = URL(fileURLWithPath: folder)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for index in 0..<count {
            try Data(target.generate(&random)).write(to: url.appendingPathComponent("seed-\(index)"))
        }
    }
}

/// libFuzzer, when built with `-sanitize=fuzzer -DFUZZING` (`make fuzz`): coverage-guided inputs for one surface.
struct LibFuzzerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "libfuzzer", abstract: "Run libFuzzer on one surface (a `make fuzz` build only).")

    @OptionGroup var locations: Locations

    @Argument var surface: String

    @Argument(parsing: .captureForPassthrough, help: "libFuzzer's own arguments (-runs=N, a corpus folder…).")
    var arguments: [String] = []

    func run() throws {
        #if FUZZING
        guard let name = FuzzSurfaceName(rawValue: surface) else { throw ValidationError("unknown surface \(surface)") }
        LibFuzzer.surface = name.make(try locations.fixture())
        var argv: [UnsafeMutablePointer<CChar>?] = (["mockls-fuzz"] + arguments).map { strdup($0) }
        var argc = CInt(argv.count)
        argv.append(nil)
        try argv.withUnsafeMutableBufferPointer { buffer in
            var pointer = buffer.baseAddress!
            let status = LLVMFuzzerRunDriver(&argc, &pointer) { data, size in
                LibFuzzer.surface?.runAlone(Array(UnsafeBufferPointer(start: data, count: size)))
                return 0
            }
            if status != 0 { throw ExitCode(status) }
        }
        #else
        throw ValidationError("this mockls-fuzz was built without libFuzzer; build it with `make fuzz`")
        #endif
    }
}

#if FUZZING
enum LibFuzzer {
    nonisolated(unsafe) static var surface: (any FuzzSurface)?
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
#endif

/// What malloc has handed out and not had back, in MB (glibc; 0 elsewhere): unlike the resident set, it falls when
/// memory is freed, so a leak shows here and fragmentation does not. Read from `malloc_info`'s report: the memory
/// the arenas took from the system, less what lies free in them.
func allocatedMegabytes() -> Int {
    #if canImport(Glibc)
    typealias MallocInfo = @convention(c) (CInt, UnsafeMutablePointer<FILE>?) -> CInt
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_info") else { return 0 }
    var buffer: UnsafeMutablePointer<CChar>?
    var length = 0
    guard let stream = open_memstream(&buffer, &length) else { return 0 }
    _ = unsafeBitCast(symbol, to: MallocInfo.self)(0, stream)
    fclose(stream)
    guard let buffer else { return 0 }
    defer { free(buffer) }
    let report = String(cString: buffer)
    // The totals follow the last </heap>: <total type="fast" … size="N"/>, <total type="rest" … size="N"/>,
    // <system type="current" size="N"/>.
    guard let totals = report.range(of: "</heap>", options: .backwards).map({ report[$0.upperBound...] }) else { return 0 }
    func size(of prefix: String) -> Int {
        guard let start = totals.range(of: prefix) else { return 0 }
        let rest = totals[start.upperBound...]
        guard let open = rest.range(of: "size=\""), let close = rest[open.upperBound...].firstIndex(of: "\"") else { return 0 }
        return Int(rest[open.upperBound..<close]) ?? 0
    }
    let free = size(of: "<total type=\"fast\"") + size(of: "<total type=\"rest\"")
    return max(0, size(of: "<system type=\"current\"") - free) / (1024 * 1024)
    #else
    return 0
    #endif
}

/// The resident set of this process, in MB (Linux; 0 elsewhere).
func residentMegabytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
    return kilobytes / 1024
}
