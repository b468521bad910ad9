import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// Cursor positions marked `1️⃣` in code as it is typed.
final class MockCompletionContextTests: XCTestCase {
    private func context(_ marked: String, file: StaticString = #filePath, line: UInt = #line) -> MockCompletionContext? {
        let source = MarkedSource(marked)
        guard let offset = source.offsets["1️⃣"] else {
            XCTFail("no marker", file: file, line: line)
            return nil
        }
        return MockCompletionContext.at(offset, in: source.text)
    }

    private let dog = WrittenExpression.mock(WrittenTypeName(name: "Dog"))
    private func labels(_ value: WrittenExpression, _ before: [String] = [], after: [String] = []) -> MockCompletionContext.Position {
        .argumentLabel(call: .mockInitializer(value), before: before, after: after)
    }

    /// Found by `mockls-fuzz run swift` (Tests/FuzzFindings/swift/member-at-window-start-trap-*): a member read two
    /// tokens from the start of the window (`.a` after stray bytes) read the token before the window. Every offset of
    /// chains that start where the window does answers, with a value where there is one.
    func testChainsAtTheStartOfTheWindow() {
        for source in [".a.", "a.b.", "\\.a.", ".self.", "self.a.", "$0.a.", ").a.", "}.a.", "XCTUnwrap(", "#require(x).", "xs.map(\\."] {
            for offset in 0...source.utf8.count {
                _ = MockCompletionContext.at(offset, in: source)
                _ = SwiftFile(source).symbol(at: offset)
            }
        }
        XCTAssertEqual(context("self.dog.1️⃣")?.position, .member(of: .variable("dog")))
        XCTAssertEqual(context("$0.height.1️⃣")?.position, .member(of: .member(.variable("$0"), "height")))
    }

    /// A position belongs to the name it touches on its right, then on its left: every column of a name, its first
    /// letter after `.`, `(` or `<` included, and the position just after it, name that name.
    func testSymbolsAtEveryColumnOfTheirNames() {
        let source = "let t = data.book?.title, m = Mock<Book>(title: \"x\").author"
        let file = SwiftFile(source)
        for name in ["book", "title", "Book", "author"] {
            var searched = source.startIndex
            while let found = source.range(of: name, range: searched..<source.endIndex) {
                searched = found.upperBound
                let start = source.utf8.distance(from: source.startIndex, to: found.lowerBound)
                for offset in start...(start + name.utf8.count) {
                    XCTAssertEqual(file.symbol(at: offset)?.range, start..<(start + name.utf8.count), "\(name) at \(offset)")
                }
            }
        }
    }

    func testTypeArgument() {
        XCTAssertEqual(context("let m = Mock<1️⃣")?.position, .typeArgument(qualifier: nil))
        let typing = context("let m = Mock<Do1️⃣")
        XCTAssertEqual(typing?.position, .typeArgument(qualifier: nil))
        XCTAssertEqual(typing?.prefix, "Do")
        XCTAssertEqual(typing?.replaceRange, 13..<15)
        XCTAssertEqual(context("let m = Mock<AnimalKingdomAPITestMocks.1️⃣")?.position, .typeArgument(qualifier: "AnimalKingdomAPITestMocks"))
        XCTAssertEqual(context("let m = Mock<AnimalKingdomAPITestMocks.Do1️⃣>()")?.prefix, "Do")
        XCTAssertNil(context("let m = Array<1️⃣"))
    }

    func testArgumentLabels() {
        XCTAssertEqual(context("let m = Mock<Dog>(1️⃣")?.position, labels(dog))
        XCTAssertEqual(context("let m = Mock<Dog>(spe1️⃣")?.prefix, "spe")
        XCTAssertEqual(context("let m = Mock<Dog>(id: \"1\", 1️⃣)")?.position, labels(dog, ["id"]))
        XCTAssertEqual(
            context("let m = Mock<Dog>(\n  id: \"a(b\",\n  1️⃣\n  species: \"Lab\"\n)")?.position, labels(dog, ["id"], after: ["species"]))
        XCTAssertEqual(context("let m = Mock<Dog>(1️⃣, id: \"1\")")?.position, labels(dog, after: ["id"]))
        // The label being typed is neither before nor after.
        XCTAssertEqual(context("let m = Mock<Dog>(height: h, spe1️⃣cies: \"Lab\", id: \"1\")")?.position, labels(dog, ["height"], after: ["id"]))
        XCTAssertEqual(context("let q = Mock<Query>(allAnimals: [Mock<Dog>(1️⃣")?.position, labels(dog))
        XCTAssertEqual(
            context("let m = Mock<AnimalKingdomAPITestMocks.Dog>(1️⃣")?.position,
            labels(.mock(WrittenTypeName(qualifier: "AnimalKingdomAPITestMocks", name: "Dog"))))
        XCTAssertEqual(context("let d: Mock<Dog> = Mock(1️⃣")?.position, labels(dog))
        XCTAssertEqual(context("let d: Mock<Dog> = .init(1️⃣")?.position, labels(dog))
        XCTAssertEqual(
            context("let m = Mock<Dog>(height: Mock<Height>(feet: 1), 1️⃣")?.position, labels(dog, ["height"]),
            "a finished nested call is skipped")
        XCTAssertEqual(context("let m = Mock<Dog>(height: Mock<Height>(1️⃣")?.position, labels(.mock(WrittenTypeName(name: "Height"))))
        XCTAssertEqual(context("let m = Mock<Dog>(height: .init(1️⃣")?.position, labels(.argument(of: dog, label: "height")))
        XCTAssertEqual(
            context("let q = Mock<Query>(allAnimals: [.init(), Mock(1️⃣")?.position,
            labels(.element(.argument(of: .mock(WrittenTypeName(name: "Query")), label: "allAnimals"))))
        XCTAssertNil(context("print(1️⃣"))
        XCTAssertNil(context("let m = Mock<Dog>(owner: { 1️⃣"), "inside a closure")
    }

    func testArgumentValues() {
        let query = WrittenExpression.mock(WrittenTypeName(name: "Query"))
        XCTAssertEqual(
            context("let m = Mock<Dog>(height: 1️⃣")?.position, .argumentValue(call: .mockInitializer(dog), label: "height", inList: false))
        XCTAssertEqual(context("let m = Mock<Dog>(height: Mo1️⃣")?.prefix, "Mo")
        XCTAssertEqual(
            context("let q = Mock<Query>(allAnimals: [1️⃣")?.position,
            .argumentValue(call: .mockInitializer(query), label: "allAnimals", inList: true))
        XCTAssertEqual(
            context("let q = Mock<Query>(allAnimals: [Mock<Dog>(), 1️⃣")?.position,
            .argumentValue(call: .mockInitializer(query), label: "allAnimals", inList: true))
        XCTAssertEqual(
            context("let m = Mock<Dog>.placeholder(height: 1️⃣")?.position,
            .argumentValue(call: .placeholder(dog), label: "height", inList: false))
    }

    /// `label: .|` and `[.|`: a value by an implicit member, the dot replaced with the item.
    func testValuesAfterALeadingDot() {
        let query = WrittenExpression.mock(WrittenTypeName(name: "Query"))
        let money = WrittenExpression.mock(WrittenTypeName(name: "Money"))
        let dotted = context("let m = Mock<Money>(currency: .1️⃣)")
        XCTAssertEqual(dotted?.position, .argumentValue(call: .mockInitializer(money), label: "currency", inList: false))
        XCTAssertEqual(dotted?.leadingDot, 30)
        XCTAssertEqual(dotted?.replaceRange, 30..<31)
        let typed = context("let m = Mock<Money>(currency: .jp1️⃣)")
        XCTAssertEqual(typed?.prefix, "jp")
        XCTAssertEqual(typed?.replaceRange, 30..<33)
        XCTAssertEqual(
            context("let q = Mock<Query>(allAnimals: [.1️⃣")?.position,
            .argumentValue(call: .mockInitializer(query), label: "allAnimals", inList: true))
        XCTAssertEqual(context("let q = Mock<Query>(allAnimals: [Mock<Dog>(), .1️⃣")?.leadingDot, 46)
        // A member of a value is no leading dot.
        XCTAssertNil(context("let m = Mock<Money>(currency: x.1️⃣)")?.leadingDot)
    }

    func testMembers() {
        XCTAssertEqual(context("mock.1️⃣")?.position, .member(of: .variable("mock")))
        XCTAssertEqual(context("mock.spe1️⃣")?.prefix, "spe")
        XCTAssertEqual(context("mock.height?.1️⃣")?.position, .member(of: .member(.variable("mock"), "height")))
        XCTAssertEqual(context("mock.predators?.first?.1️⃣")?.position, .member(of: .element(.member(.variable("mock"), "predators"))))
        XCTAssertEqual(context("mock.predators![0].1️⃣")?.position, .member(of: .element(.member(.variable("mock"), "predators"))))
        XCTAssertEqual(context("Mock<Dog>(id: \"1\").1️⃣")?.position, .member(of: dog))
        XCTAssertEqual(context("animal.fragments.1️⃣")?.position, .member(of: .member(.variable("animal"), "fragments")))
    }

    func testFromAndPlaceholders() {
        let path = ["AllAnimalsQuery", "Data", "AllAnimal"]
        XCTAssertEqual(
            context("let a = AllAnimalsQuery.Data.AllAnimal.from(1️⃣")?.position, .argumentLabel(call: .from(path: path), before: [], after: []))
        XCTAssertEqual(context("let a = AllAnimalsQuery.Data.AllAnimal.from(do1️⃣")?.prefix, "do")
        XCTAssertEqual(
            context("let a = AllAnimalsQuery.Data.AllAnimal.placeholder(1️⃣")?.position,
            .argumentLabel(call: .placeholder(.selectionSet(path: path)), before: [], after: []))
        XCTAssertEqual(
            context("let d = Mock<Dog>.placeholder(id: \"1\", 1️⃣")?.position, .argumentLabel(call: .placeholder(dog), before: ["id"], after: []))
        XCTAssertEqual(
            context("let d: Mock<Dog> = .placeholder(1️⃣")?.position, .argumentLabel(call: .placeholder(dog), before: [], after: []))
        XCTAssertEqual(
            context("let d = Mock<Dog>(height: .placeholder(1️⃣")?.position,
            .argumentLabel(call: .placeholder(.argument(of: dog, label: "height")), before: [], after: []))
    }

    func testCJKBeforeTheCursorAndEndOfFile() {
        let marked = "// 日本語 😀\nlet m = Mock<Dog>(1️⃣"
        XCTAssertEqual(context(marked)?.position, labels(dog))
        XCTAssertNil(MockCompletionContext.at(0, in: ""))
        XCTAssertNil(MockCompletionContext.at(10, in: "let"), "an offset past the end is clamped, not trusted")
    }

    /// One file asked about one place after another, as an editor asks about one version: each answer is the one a
    /// fresh parse gives there, whatever declaration was asked about before (the file keeps the last one's tokens).
    func testAnswersOnOneFileFollowTheCursorAcrossDeclarations() {
        let marked = MarkedSource("""
            final class T: XCTestCase {
              func testA() { let m = Mock<Dog>(1️⃣) }
              func testB() { let d = Mock<Dog>(); d.2️⃣ }
              struct Nested {
                func make() { _ = Mock<Cat>(3️⃣) }
              }
            }
            let top = Mock<Bird>(4️⃣)
            """)
        let file = SwiftFile(marked.text)
        for marker in ["1️⃣", "2️⃣", "1️⃣", "3️⃣", "3️⃣", "4️⃣", "2️⃣"] {
            let fresh = MockCompletionContext.at(marked[marker], in: SwiftFile(marked.text))
            let asked = MockCompletionContext.at(marked[marker], in: file)
            XCTAssertNotNil(asked, marker)
            XCTAssertEqual(asked?.position, fresh?.position, marker)
            XCTAssertEqual(asked?.replaceRange, fresh?.replaceRange, marker)
        }
    }
}

/// Declarations a name resolves to, and the symbol under a cursor.
final class VisibleVariablesTests: XCTestCase {
    func testNearestDeclarationWins() throws {
        let marked = MarkedSource("""
            final class T: XCTestCase {
              let shared = Mock<Cat>()
              func test(param: Mock<Human>) {
                let dog = Mock<Dog>()
                let typed: Mock<Height> = .init(feet: 1)
                let model = AllAnimalsQuery.Data.AllAnimal.from(dog)
                let pets = dog.owner?.pets
                if true {
                  let dog = Mock<Rat>()
                  _ = 1️⃣
                }
                let late = Mock<Bird>()
              }
            }
            """)
        let (source, offset) = (marked.text, marked["1️⃣"])
        let file = SwiftFile(source)
        let visible = Dictionary(file.variables(visibleAt: offset).reversed().map { ($0.name, $0.value) }) { _, nearer in nearer }
        XCTAssertEqual(visible["dog"], .mock(WrittenTypeName(name: "Rat")))
        XCTAssertEqual(visible["typed"], .mock(WrittenTypeName(name: "Height")))
        XCTAssertEqual(visible["param"], .mock(WrittenTypeName(name: "Human")))
        XCTAssertEqual(visible["shared"], .mock(WrittenTypeName(name: "Cat")))
        XCTAssertEqual(visible["model"], .selectionSet(path: ["AllAnimalsQuery", "Data", "AllAnimal"]))
        XCTAssertEqual(visible["pets"], .member(.member(.variable("dog"), "owner"), "pets"))
        XCTAssertNil(visible["late"], "declared after the cursor")
        XCTAssertEqual(file.variable("dog", visibleAt: offset)?.value, .mock(WrittenTypeName(name: "Rat")))
    }

    func testSymbols() throws {
        func symbol(_ marked: String) throws -> MockSymbol.Reference? {
            let source = MarkedSource(marked)
            return SwiftFile(source.text).symbol(at: try XCTUnwrap(source.offsets["1️⃣"]))?.reference
        }
        let dog = WrittenExpression.mock(WrittenTypeName(name: "Dog"))
        XCTAssertEqual(try symbol("Mock<D1️⃣og>()"), .mockType(WrittenTypeName(name: "Dog")))
        XCTAssertEqual(try symbol("Mock<Q1️⃣.Dog>()"), .mockType(WrittenTypeName(qualifier: "Q", name: "Dog")))
        XCTAssertEqual(try symbol("Mock<Q.Dog1️⃣>()"), .mockType(WrittenTypeName(qualifier: "Q", name: "Dog")))
        XCTAssertEqual(try symbol("Mock<Dog>(spe1️⃣cies: \"x\")"), .field(of: dog, name: "species"))
        XCTAssertEqual(try symbol("dog.hei1️⃣ght?.feet"), .field(of: .variable("dog"), name: "height"))
        XCTAssertEqual(try symbol("dog.height?.fe1️⃣et"), .field(of: .member(.variable("dog"), "height"), name: "feet"))
        XCTAssertEqual(try symbol("_ = AllAnimalsQuery.Data.All1️⃣Animal.from(dog)"), .selectionSet(path: ["AllAnimalsQuery", "Data", "AllAnimal"]))
        XCTAssertEqual(try symbol("_ = AllAnimals1️⃣Query.Data"), .selectionSet(path: ["AllAnimalsQuery"]))
        XCTAssertNil(try symbol("print(1️⃣x)"))
    }

    func testIncrementalUpdateMatchesAFreshParse() {
        let before = Array("func test() {\n  let dog = Mock<Dog>()\n}\n".utf8)
        let after = Array("func test() {\n  let dog = Mock<Dog>(id: \"1\")\n  dog.\n}\n".utf8)
        let updated = SwiftFile(before).updated(to: after)
        XCTAssertEqual(updated.tree.description, SwiftFile(after).tree.description)
        XCTAssertEqual(updated.variables(visibleAt: after.count - 3).first?.name, "dog")
    }
}
