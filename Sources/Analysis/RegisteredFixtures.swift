import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis

extension AnalysisSnapshot {
    /// `registered-fixture`: a test transport's registration of a JSON response fixture
    /// (`transport.register(X.self, json: url)`) whose file no folder of the workspace holds, or that does not check
    /// clean as X's response (`ResponseFixtureCheck`, under the registration's Boolean `variables:`): the fetch would
    /// fail there. Registrations whose URL names no file mockls can read (a variable, a computed name) are not judged.
    func registeredFixtureDiagnostics(of context: TestFileContext) -> [Diagnostic] {
        let registrations = context.file.transportRegistrations().filter { $0.json != nil && !$0.jsonNames.isEmpty }
        guard !registrations.isEmpty else { return [] }
        let workspace = context.workspace
        let files = fixtureFiles(of: workspace).compactMap(\.url)
        let catalog = ResponseFixtures.catalog(of: workspace)
        let read = { (file: URL) in self.jsonText(of: file, in: workspace) }
        var found: [Diagnostic] = []
        for registration in registrations {
            guard let range = registration.json, let type = registration.operation.last else { continue }
            let names = registration.jsonNames
            let shown = names.map { "`\($0)`" }.joined(separator: " or ")
            guard let file = nearest(files.filter { names.contains($0.lastPathComponent) }, to: context.document.id.url) else {
                found.append(Diagnostic(
                    severity: .warning, code: .registeredFixture,
                    message: "no \(shown) in the workspace: `\(type)` is answered with a file that is not there, and the fetch fails", range: range))
                continue
            }
            guard var fixture = ResponseFixtures.nearest(catalog[type.lowercased()] ?? [], to: file), let text = read(file) else { continue }
            fixture.variables = registration.variables.compactMapValues { $0 == "true" ? true : $0 == "false" ? false : nil }
            let errors = ResponseFixtures.diagnostics(of: file, text: text, fixture: fixture, read: read).filter { $0.severity == .error }
            guard let first = errors.first else { continue }
            let line = LineTable(text).position(of: first.range.lowerBound, unit: .utf8).line + 1
            let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
            found.append(Diagnostic(
                severity: .warning, code: .registeredFixture,
                message: "`\(file.lastPathComponent)` is no response of `\(type)` Apollo would take: line \(line): \(first.message) (\(first.code.rawValue))\(more)",
                range: range))
        }
        return found
    }

    /// The one of `files` nearest `test` (the fewest folders apart), the first by path when several are as near.
    private func nearest(_ files: [URL], to test: URL?) -> URL? {
        guard let test else { return files.min { $0.path < $1.path } }
        let folder = test.deletingLastPathComponent().pathComponents
        func distance(_ file: URL) -> Int {
            let other = file.deletingLastPathComponent().pathComponents
            let shared = zip(folder, other).prefix { $0 == $1 }.count
            return folder.count + other.count - 2 * shared
        }
        return files.min { (distance($0), $0.path) < (distance($1), $1.path) }
    }
}
