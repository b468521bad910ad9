import GraphQLIndex
import SwiftAnalysis

/// Every code action at a range of a test file, in the order the editor lists them: the quick fixes and
/// refactorings of mocks (`MockCodeActions`), the conversion of a response dictionary (`ResponseConversion`), the
/// struct factories (`StructFactories`), and the placeholder file.
public enum TestFileCodeActions {
    public enum Action: Sendable, Equatable {
        /// Edits to the test file.
        case edits(MockCodeAction)
        /// Generate (or update) the placeholder factories file of the project (`mockls placeholders`).
        case placeholderFile(PlaceholderFileAction)
        /// An action that does not apply here, and why (a response dictionary mockls cannot convert faithfully).
        case unavailable(title: String, reason: String)
    }

    public struct PlaceholderFileAction: Sendable, Equatable {
        public var title: String
        /// `<Namespace>+Placeholders.swift`.
        public var fileName: String
        /// A quick fix for unset reads that factories would have avoided, rather than a source action.
        public var isQuickFix: Bool
        public var diagnostics: [Diagnostic]
    }

    /// What the workspace has of placeholder factories.
    public struct PlaceholderFiles: Sendable {
        /// The names of the files `mockls placeholders` wrote.
        public var generated: [String]
        /// Some Swift file of the workspace declares `placeholder()` factories.
        public var declaresFactories: Bool

        public init(generated: [String], declaresFactories: Bool) {
            self.generated = generated
            self.declaresFactories = declaresFactories
        }
    }

    /// `placeholderFiles`: nil when the client cannot create files (no placeholder file is offered then).
    public static func actions(
        at range: Range<Int>, in file: SwiftFile, project: ProjectIndex, diagnostics: [Diagnostic], options: TestConventions,
        structs: [StructShape], placeholderFiles: PlaceholderFiles?
    ) -> [Action] {
        var actions = MockCodeActions.actions(at: range, in: file, project: project, diagnostics: diagnostics, options: options)
            .map(Action.edits)
        switch ResponseConversion.convert(at: range.lowerBound, in: file, project: project, mocksModule: options.mocksModule) {
        case .converted(let action)?: actions.append(.edits(action))
        case .refused(let title, let reason)?: actions.append(.unavailable(title: title, reason: reason))
        case nil: break
        }
        actions += StructFactories.actions(at: range, in: file, structs: structs).map(Action.edits)
        actions += RegistrationActions.actions(at: range, in: file, project: project, diagnostics: diagnostics).map(Action.edits)
        guard let placeholderFiles else { return actions }
        let name = "\(project.mockModel.namespace)+Placeholders.swift"
        let generated = placeholderFiles.generated.contains(name)
        // Factories written by hand would clash with generated ones.
        if placeholderFiles.declaresFactories, !generated { return actions }
        let title = generated ? "Update the placeholder factories (\(name))" : "Generate placeholder factories (\(name))"
        actions.append(.placeholderFile(PlaceholderFileAction(title: title, fileName: name, isQuickFix: false, diagnostics: [])))
        // Where fixes write literals for want of factories, offer them with the unset reads too.
        let unset = diagnostics.filter { $0.code == .unsetFieldRead && $0.range.overlaps(range) }
        if !options.placeholders, !unset.isEmpty {
            actions.append(.placeholderFile(PlaceholderFileAction(title: title, fileName: name, isQuickFix: true, diagnostics: unset)))
        }
        return actions
    }
}
