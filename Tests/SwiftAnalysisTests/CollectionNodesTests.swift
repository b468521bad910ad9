import Foundation
import MocklsTestSupport
import SwiftSyntax
import XCTest

@testable import SwiftAnalysis

final class CollectionNodesTests: XCTestCase {
    /// `nodes` gives every collection's elements as swift-syntax's own iteration does, the same nodes in the same order:
    /// in well-formed code and in code the parser recovered from (missing arguments, a stray token, an unclosed call).
    func testTheSameElementsAsTheCollectionsOwnIteration() throws {
        let text = """
            import XCTest
            final class DogTests: XCTestCase {
                var dog = Mock<Dog>(), cat: Mock<Cat>? = nil
                func test_dog() {
                    let dog = Mock<Dog>(id: "1", name: "Rex \\(count)", species: "Lab")
                    let data = DogQuery.Data.from(Mock<Query>(dog: dog), withVariables: ["id": "1", "size": 2])
                    XCTAssertEqual(data.dog?.name, "Rex")
                    let broken = Mock<Dog>(id: , name: "x" species: ) ) }
                    make(dog,
                }
            }
            """
        let visitor = Comparer(viewMode: .all)
        visitor.walk(SwiftFile(text).tree)
        // And the shared scenarios' test files, as suites write them.
        if let scenarios = try SharedFolder.ifPresent("fixtures/scenarios") {
            let files = FileManager.default.enumerator(atPath: scenarios.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            XCTAssertFalse(files.isEmpty)
            for file in files { visitor.walk(SwiftFile(try String(contentsOf: scenarios.appendingPathComponent(file), encoding: .utf8)).tree) }
        }
        XCTAssertEqual(visitor.mismatches, [])
        // Every kind the reader walks was met, with its elements.
        XCTAssertEqual(Set(visitor.compared.keys), ["arguments", "statements", "bindings", "members", "segments", "dictionary"])
        XCTAssertGreaterThanOrEqual(visitor.compared["arguments"] ?? 0, 10)
    }

    private final class Comparer: SyntaxVisitor {
        var mismatches: [String] = []
        /// How many elements were compared, by the kind of collection.
        var compared: [String: Int] = [:]

        private func compare<C: SyntaxCollection>(_ collection: C, _ kind: String) {
            let own = collection.map(\.id)
            let walked = Array(collection.nodes).map(\.id)
            if own != walked { mismatches.append("\(kind) at \(collection.position.utf8Offset): \(own.count) ≠ \(walked.count)") }
            compared[kind, default: 0] += own.count
        }

        override func visit(_ node: LabeledExprListSyntax) -> SyntaxVisitorContinueKind { compare(node, "arguments"); return .visitChildren }
        override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind { compare(node, "statements"); return .visitChildren }
        override func visit(_ node: PatternBindingListSyntax) -> SyntaxVisitorContinueKind { compare(node, "bindings"); return .visitChildren }
        override func visit(_ node: MemberBlockItemListSyntax) -> SyntaxVisitorContinueKind { compare(node, "members"); return .visitChildren }
        override func visit(_ node: StringLiteralSegmentListSyntax) -> SyntaxVisitorContinueKind { compare(node, "segments"); return .visitChildren }
        override func visit(_ node: DictionaryElementListSyntax) -> SyntaxVisitorContinueKind { compare(node, "dictionary"); return .visitChildren }
    }
}
