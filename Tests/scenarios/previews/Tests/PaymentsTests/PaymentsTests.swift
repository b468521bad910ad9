import XCTest
@testable import Payments

final class PaymentsTests: XCTestCase {
    func test_balance() {
        XCTAssertEqual(BalanceView(amount: 1).amount, 1)
    }
}
