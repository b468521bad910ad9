import Foundation
import SwiftAnalysis
import Synchronization

/// The properties of the types other Swift files of a workspace declare, for a file that reads them: a view's
/// `viewModel.dog?.name` where `final class DogViewModel { @Published var dog: DogQuery.Data.Dog? }` is declared in
/// another file. The files that declare or extend the type (`SwiftNameMentions.files(declaring:)`) are parsed when a
/// value first asks, at most `maximumFiles` of them, as the workspace last read them; all that declare the property
/// must declare it alike (`SwiftFile.declaredProperty`), else it is not known.
final class OtherFilesProperties: Sendable {
    static let maximumFiles = 8
    private let workspace: Workspace
    /// The file asking, whose own declarations it reads from its own text.
    private let path: String?
    private let parsed = Mutex<[String: SwiftFile]>([:])

    init(_ workspace: Workspace, besides file: URL?) {
        self.workspace = workspace
        path = file?.standardizedFileURL.path
    }

    func property(_ name: String, ofType type: String) -> WrittenExpression? {
        let paths = workspace.nameMentions.files(declaring: type).filter { $0 != path }
        guard !paths.isEmpty, paths.count <= Self.maximumFiles else { return nil }
        var found: WrittenExpression?
        for path in paths {
            guard let file = file(at: path), let declared = file.declaredProperty(name, ofType: type) else { continue }
            if let found, found != declared { return nil }
            found = declared
        }
        return found
    }

    private func file(at path: String) -> SwiftFile? {
        if let known = parsed.withLock({ $0[path] }) { return known }
        guard let text = workspace.swiftSources.loaded(path)?.text else { return nil }
        let file = SwiftFile(text)
        parsed.withLock { $0[path] = file }
        return file
    }
}
