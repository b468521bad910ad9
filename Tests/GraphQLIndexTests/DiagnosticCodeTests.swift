import Foundation
import GraphQLIndex
import XCTest

/// The README's diagnostic tables list exactly the codes mockls reports, each in the table of where it is reported.
final class DiagnosticCodeTests: XCTestCase {
    func testTheReadmeListsEveryCodeAndNoOther() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        func codes(inTable heading: String) -> Set<String> {
            guard let start = text.range(of: heading) else { return [] }
            var found: Set<String> = []
            for line in text[start.upperBound...].split(separator: "\n").drop(while: { !$0.hasPrefix("|") }) {
                guard line.hasPrefix("|") else { break }
                let firstCell = line.split(separator: "|").first.map(String.init) ?? ""
                for match in firstCell.split(separator: "`").enumerated() where match.offset % 2 == 1 { found.insert(String(match.element)) }
            }
            return found
        }
        let graphql = codes(inTable: "### Diagnostics in GraphQL documents")
        let swift = codes(inTable: "### Diagnostics in Swift test files")
        XCTAssertEqual(graphql, Set(DiagnosticCode.allCases.filter { $0.source == .graphQLDocument }.map(\.rawValue)))
        XCTAssertEqual(swift, Set(DiagnosticCode.allCases.filter { $0.source == .swiftTestFile }.map(\.rawValue)))
        let configuration = codes(inTable: "### Diagnostics in configuration files")
        XCTAssertEqual(configuration, Set(DiagnosticCode.allCases.filter { $0.source == .configurationFile }.map(\.rawValue)))
        for code in DiagnosticCode.allCases { XCTAssertFalse(code.documentation.isEmpty, code.rawValue) }
    }
}
