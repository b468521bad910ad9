import Foundation
@testable import GraphQLIndex
import XCTest

/// Documents as they look while being typed, or damaged: the parser and the index must take anything.
final class ProjectIndexRobustnessTests: XCTestCase {
    /// A small deterministic generator, so that a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    func testTruncatedAndDamagedDocumentsNeverStopTheIndex() throws {
        let sample = try SampleAPI.inRepository()[0]
        let graphql = sample.directory.appendingPathComponent("graphql")
        let schema = Array(try Data(contentsOf: graphql.appendingPathComponent("AnimalSchema.graphqls")))
        let operations = try SharedFixtures.files(under: graphql, extensions: ["graphql"]).map { Array(try Data(contentsOf: $0)) }
        var random = Generator(state: 0x6D6F636B6C73)
        let noise: [UInt8] = Array("{}()[]:!$@.,=|&\"\\#\n\t é😀".utf8) + [0xFF, 0xC3, 0x00]
        var index = ProjectIndex(namespace: "AnimalKingdomAPI", sources: [("schema.graphqls", .schema, schema)])
        for round in 0..<400 {
            var text = operations[random.next(operations.count)]
            switch random.next(3) {
            case 0: text = Array(text.prefix(random.next(text.count + 1)))
            case 1:
                for _ in 0..<(1 + random.next(8)) {
                    text.insert(noise[random.next(noise.count)], at: random.next(text.count + 1))
                }
            default:
                if !text.isEmpty {
                    let start = random.next(text.count)
                    text.removeSubrange(start..<min(text.count, start + 1 + random.next(12)))
                }
            }
            let document = GraphQLParser.parse(text)
            for error in document.errors {
                XCTAssertTrue(error.range.lowerBound >= 0 && error.range.upperBound <= text.count, "round \(round): \(error)")
            }
            index.update("op.graphql", role: .executable, text: text)
            _ = index.mockModel.objects
            _ = index.selectionSetModel()
            if round % 50 == 0 {
                // The schema too: cut it anywhere; while it does not parse, the last good schema stays in force.
                let cut = Array(schema.prefix(random.next(schema.count)))
                index.update("schema.graphqls", role: .schema, text: cut)
                if !GraphQLParser.parse(cut).errors.isEmpty { XCTAssertNotNil(index.schema["Dog"], "round \(round)") }
                index.update("schema.graphqls", role: .schema, text: schema)
            }
        }
    }
}
