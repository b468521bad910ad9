// Stand-ins for Quick and Nimble, as a spec suite sees them: `describe`, `context` and `it` take the closures that
// hold the tests; `beforeEach` keeps its closure to run before each example.
import XCTest

class QuickSpec: XCTestCase {
  class func spec() {}
}

func describe(_ description: String, closure: () -> Void) { closure() }
func context(_ description: String, closure: () -> Void) { closure() }
func it(_ description: String, closure: @escaping () throws -> Void) { try? closure() }
func xit(_ description: String, closure: @escaping () throws -> Void) {}
func beforeEach(_ closure: @escaping () -> Void) { closure() }

struct Expectation<T> {
  let value: () -> T
  func to(_ predicate: Predicate<T>) {}
}
struct Predicate<T> {}
func expect<T>(_ value: @autoclosure @escaping () -> T) -> Expectation<T> { Expectation(value: value) }
func equal<T>(_ expected: T) -> Predicate<T> { Predicate() }
