import Foundation
import GraphQLIndex
import JSONRPC
import SourceText
import SwiftAnalysis

/// Decides which mock format a workspace's Apollo generates (reference/apollo-mocks.md §0): from an `apollo-ios`
/// pin in a `Package.resolved` (SwiftPM) or an `Apollo` pod in a `Podfile.lock` (CocoaPods), else the newest format.
/// The generated mock files, when a project has them, overrule both (`GeneratedMockCheck.format`).
public enum MockFormatDetector {
    /// The names of the files a pin is read from: a change to one of them can change the format. A `Package.swift`'s
    /// requirement on apollo-ios (`from: "1.0.0"`) stands in for a pin where no file pins it.
    public static let pinFileNames = ["Package.resolved", "Podfile.lock", "Package.swift"]

    /// The format of the project whose configuration is in `project`, from the nearest of `pins` that is its own:
    /// not inside the folder of another project of the workspace (a pin there is that project's, as in a repository
    /// that holds projects on several Apollo versions). Nearest by the folders between the two; a `Package.resolved`
    /// before a `Podfile.lock`.
    /// `apolloOneConfiguration`: the configuration says Apollo iOS 1.x where nothing pins a version (its
    /// `moduleType` is `swiftPackageManager`, which 2.x names `swiftPackage`). `pinned`: a file says the version.
    static func detect(
        for project: URL, among pins: [URL], projects: [URL], apolloOneConfiguration: Bool = false
    ) -> (format: MockFormat, reason: String, pinned: Bool) {
        let own = project.standardizedFileURL.pathComponents
        let others = projects.map { $0.standardizedFileURL.pathComponents }.filter { $0 != own && !own.starts(with: $0) }
        let ranked = pins.enumerated().compactMap { order, pin -> (distance: Int, order: Int, pin: URL)? in
            let folder = pin.deletingLastPathComponent().standardizedFileURL.pathComponents
            // A pin inside another project's folder (and not in this one's, nested deeper) is that project's.
            if others.contains(where: { folder.starts(with: $0) && !(folder.starts(with: own) && $0.count < own.count) }) { return nil }
            let shared = zip(own, folder).prefix { $0 == $1 }.count
            return ((own.count - shared) + (folder.count - shared), order, pin)
        }
        let sorted = ranked.sorted(by: { ($0.distance, $0.order) < ($1.distance, $1.order) }).map(\.pin)
        for pin in sorted where pin.lastPathComponent != "Package.swift" {
            let version = pin.lastPathComponent == "Podfile.lock" ? apolloVersion(inPodfileLock: pin) : apolloVersion(in: pin)
            if let version {
                let where_ = relativePath(pin.path, to: project.standardizedFileURL.deletingLastPathComponent().path)
                return (format(ofVersion: version), "apollo-ios \(version.map(String.init).joined(separator: ".")) pinned in \(where_)", true)
            }
        }
        // No pin: the lowest version a `Package.swift` accepts (`from: "1.0.0"` resolves to 1.x, and a project
        // that never resolved again is on the release it first took).
        for manifest in sorted where manifest.lastPathComponent == "Package.swift" {
            if let version = apolloRequirement(in: manifest) {
                let where_ = relativePath(manifest.path, to: project.standardizedFileURL.deletingLastPathComponent().path)
                let shown = version.map(String.init).joined(separator: ".")
                return (format(ofVersion: version), "no apollo-ios pin; \(where_) requires apollo-ios from \(shown)", true)
            }
        }
        if apolloOneConfiguration {
            return (.defaults, "no apollo-ios pin; the configuration's moduleType swiftPackageManager is Apollo iOS 1.x's, so the newest 1.x", false)
        }
        return (.newest, "no apollo-ios pin in a Package.resolved or Podfile.lock, so the newest Apollo iOS", false)
    }

    /// The lowest apollo-ios version a manifest's `.package(url: "…/apollo-ios…", …)` accepts: the first version its
    /// requirement names (`from: "1.0.0"`, `.upToNextMajor(from: "1.0.5")`, `exact: "1.2.3"`, `"1.0.0"..<"2.0.0"`).
    static func apolloRequirement(in file: URL) -> [Int]? {
        guard let bytes = FileTree.contents(file), let text = String(validating: bytes, as: UTF8.self),
            let url = text.range(of: #"apollo-ios(\.git)?""#, options: .regularExpression)
        else { return nil }
        // Within the same `.package(…)`: up to its closing parenthesis of the package call's own level.
        var depth = 1
        var end = url.upperBound
        while end < text.endIndex, depth > 0 {
            if text[end] == "(" { depth += 1 } else if text[end] == ")" { depth -= 1 }
            end = text.index(after: end)
        }
        let requirement = text[url.upperBound..<end]
        guard let version = requirement.range(of: #""[0-9]+(\.[0-9]+)*""#, options: .regularExpression) else { return nil }
        let numbers = requirement[version].dropFirst().dropLast().split(separator: ".").compactMap { Int($0) }
        return numbers.isEmpty ? nil : numbers
    }

    /// `path` from `folder` when inside it, else as it is.
    private static func relativePath(_ path: String, to folder: String) -> String {
        path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
    }

    /// The mocks the Apollo iOS release `version` generates.
    static func format(ofVersion version: [Int]) -> MockFormat {
        let release: MockFormat.Release = !version.lexicographicallyPrecedes([2]) ? .two
            : version.lexicographicallyPrecedes([1, 23]) ? .beforeOneTwentyThree : .oneTwentyThree
        return MockFormat(release: release, version: version)
    }

    /// `Package.resolved` files (SwiftPM's, and those inside Xcode projects and workspaces), then `Podfile.lock`s.
    /// `walked`: the files of `folder` a walk already found.
    static func pinFiles(in folder: URL, walked: [URL]? = nil) -> [URL] {
        let files = walked?.filter { isPinFile($0.path) } ?? FileTree.files(under: folder, include: isPinFile)
        return files.filter { $0.lastPathComponent == "Package.resolved" } + files.filter { $0.lastPathComponent == "Podfile.lock" }
            + files.filter { $0.lastPathComponent == "Package.swift" }
    }

    static func isPinFile(_ path: String) -> Bool {
        path.hasSuffix("/Package.resolved") || path.hasSuffix("/Podfile.lock") || path.hasSuffix("/Package.swift")
    }

    /// The Apollo version a `Podfile.lock` resolved, as numbers: its `PODS:` entry `- Apollo (1.9.3)` or a
    /// subspec's, `- Apollo/Core (1.9.3)` (quoted when CocoaPods quotes it). Other pods named `Apollo…` are not
    /// Apollo iOS.
    static func apolloVersion(inPodfileLock file: URL) -> [Int]? {
        guard let bytes = FileTree.contents(file), let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var inPods = false
        for line in text.split(whereSeparator: \.isNewline) {
            if !line.hasPrefix(" ") {
                inPods = line == "PODS:"
                continue
            }
            // A pod is indented two spaces; what it depends on, four.
            guard inPods, line.hasPrefix("  - "), !line.hasPrefix("   ") else { continue }
            var entry = line.dropFirst(4)
            if entry.hasPrefix("\"") { entry = entry.dropFirst() }
            guard let open = entry.firstIndex(of: "("), let end = entry[open...].firstIndex(of: ")") else { continue }
            let name = entry[..<open].trimmingCharacters(in: .whitespaces)
            guard name == "Apollo" || name.hasPrefix("Apollo/") else { continue }
            let numbers = entry[entry.index(after: open)..<end].split(separator: ".").map { Int($0) }
            guard !numbers.isEmpty, !numbers.contains(nil) else { continue }
            return numbers.compactMap { $0 }
        }
        return nil
    }

    struct Resolved: Decodable {
        var pins: [Pin]?
        var object: Object?
        struct Object: Decodable { var pins: [Pin] }
        struct Pin: Decodable {
            var identity: String?
            var package: String?
            var location: String?
            var repositoryURL: String?
            var state: State
            struct State: Decodable { var version: String? }
        }
    }

    /// The apollo-ios version pinned in a `Package.resolved` (format 1, 2 or 3), as numbers.
    static func apolloVersion(in file: URL) -> [Int]? {
        guard let bytes = FileTree.contents(file), let resolved = try? JSONCDecoder().decode(Resolved.self, from: bytes)
        else { return nil }
        let pins = resolved.pins ?? resolved.object?.pins ?? []
        let apollo = pins.first { pin in
            let name = (pin.identity ?? pin.package ?? "").lowercased()
            let location = (pin.location ?? pin.repositoryURL ?? "").lowercased()
            return name == "apollo-ios" || location.hasSuffix("/apollo-ios") || location.hasSuffix("/apollo-ios.git")
        }
        return apollo?.state.version.map { $0.split(separator: ".").compactMap { Int($0) } }
    }
}
