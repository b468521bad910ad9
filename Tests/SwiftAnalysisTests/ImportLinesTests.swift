import SourceText
import XCTest

@testable import SwiftAnalysis

final class ImportLinesTests: XCTestCase {
    func testTheImportLinesOfASourceWithTheirModules() {
        let text = """
            import XCTest
            @testable import PetAPI
              @_implementationOnly import Hidden
            public import struct Pets.Dog
            internal import class Cats.Cat
            private import func Fns.f
            fileprivate import Shared
            package import Packaged
            import Nested.Module;
            func test() {}
            final class Tests: XCTestCase {}
            public final class Importer {}
            importer = 1
            @MainActor func run() {}
            private let x = 1
            let s = "import Quoted"
            """
        XCTAssertEqual(
            LineTable(Array(text.utf8)).importLines().map(\.module),
            ["XCTest", "PetAPI", "Hidden", "Pets", "Cats", "Fns", "Shared", "Packaged", "Nested"])
        let lines = LineTable(Array("import A\nimport B".utf8)).importLines()
        XCTAssertEqual(lines.map(\.lineRange), [0..<9, 9..<17])
    }
}
