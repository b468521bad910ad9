import SwiftAnalysis
import XCTest

/// A value taken out of an enum case the file declares (The Composable Architecture's actions carrying an operation's
/// data) holds what the case declares.
final class EnumCasePayloadsTests: XCTestCase {
    private func value(of name: String, in source: String, at marker: String = "/*here*/") -> WrittenExpression? {
        let file = SwiftFile(source)
        let offset = Array(source.utf8).firstRange(of: Array(marker.utf8))!.lowerBound
        return file.variable(name, visibleAt: offset)?.value
    }

    func testTheShapesOfPatternsThatTakeAPayload() {
        let declarations = """
            enum Action {
              case response(TaskResult<DogQuery.Data>)
              case result(Result<DogQuery.Data, Error>)
              case selected(DogQuery.Data.Dog?)
              case many([DogQuery.Data.Dog])
            }

            """
        let data = WrittenExpression.selectionSet(path: ["DogQuery", "Data"])
        let dog = WrittenExpression.selectionSet(path: ["DogQuery", "Data", "Dog"])
        for (pattern, name, expected) in [
            ("case let .response(.success(data)):", "data", data),
            ("case .response(.success(let data)):", "data", data),
            ("case let .result(.success(data)):", "data", data),
            ("case let .selected(dog):", "dog", dog),
            ("case .selected(let dog):", "dog", dog),
            ("case let .many(dogs):", "dogs", WrittenExpression.list(dog)),
        ] {
            let source = declarations + "func reduce(action: Action) {\n  switch action {\n  \(pattern)\n    _ = \(name)/*here*/\n  default: break\n  }\n}\n"
            XCTAssertEqual(value(of: name, in: source), expected, pattern)
        }
        let ifCase = declarations + "func f(action: Action) {\n  if case let .selected(dog) = action { _ = dog/*here*/ }\n}\n"
        XCTAssertEqual(value(of: "dog", in: ifCase), dog)
        let guardCase = declarations + "func f(action: Action) {\n  guard case let .response(.success(data)) = action else { return }\n  _ = data/*here*/\n}\n"
        XCTAssertEqual(value(of: "data", in: guardCase), data)
    }

    func testNothingWhenTheCaseIsUnknownOrDeclaredTwiceWithOtherPayloads() {
        let unknown = "func f(action: Action) {\n  switch action {\n  case let .response(.success(data)):\n    _ = data/*here*/\n  default: break\n  }\n}\n"
        XCTAssertNil(value(of: "data", in: unknown))
        let twice = """
            enum A { case response(TaskResult<DogQuery.Data>) }
            enum B { case response(TaskResult<CatQuery.Data>) }
            func f(action: A) {
              switch action {
              case let .response(.success(data)):
                _ = data/*here*/
              }
            }
            """
        XCTAssertNil(value(of: "data", in: twice))
        // `.failure(let error)` holds no model.
        let failure = "enum A { case response(TaskResult<DogQuery.Data>) }\nfunc f(a: A) {\n  switch a {\n  case let .response(.failure(error)):\n    _ = error/*here*/\n  default: break\n  }\n}\n"
        XCTAssertNil(value(of: "error", in: failure))
    }
}
