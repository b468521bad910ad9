// Snapshot tests of the Xcode previews, one per preview state, written by `mockls snapshot-tests`.
// Write states as previews and run it again: changes made here by hand are lost.

import SnapshotTesting
import SwiftUI
import UIKit
import XCTest
@testable import Payments

final class PreviewSnapshotTests: XCTestCase {

    // MARK: #Preview("Balance") (Sources/Payments/BalanceView.swift)

    @MainActor func test_Balance_0() {
        let view = BalanceView(amount: 12000)
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPadPro11)), named: "iPadPro11")
    }

    // MARK: end #Preview("Balance") (Sources/Payments/BalanceView.swift)

    // MARK: #Preview("Hidden balance") (Sources/Payments/BalanceView.swift)

    @MainActor func test_HiddenBalance_0() {
        let view = BalanceView(amount: 12000, isHidden: true)
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPadPro11)), named: "iPadPro11")
    }

    // MARK: end #Preview("Hidden balance") (Sources/Payments/BalanceView.swift)

    // MARK: #Preview 1 (Sources/Payments/BalanceView.swift)

    @MainActor func test_BalanceViewPreview1_0() {
        let view = Group {
            let amount = 300
            BalanceView(amount: amount)
        }
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPadPro11)), named: "iPadPro11")
    }

    // MARK: end #Preview 1 (Sources/Payments/BalanceView.swift)

    // MARK: ConfirmationStateViewPreview (Sources/Payments/ConfirmationStateView.swift)
    #if DEBUG

    @MainActor func test_ConfirmationStateViewPreview_0() {
        let view = ConfirmationStateViewWrapper(input: .loading)
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPadPro11)), named: "iPadPro11")
    }

    @MainActor func test_ConfirmationStateViewPreview_1() {
        let view = ConfirmationStateViewWrapper(input: .confirmed(amount: 1200))
            .previewDisplayName("Confirmed")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPadPro11)), named: "iPadPro11")
    }

    @MainActor func test_ConfirmationStateViewPreview_2() {
        let view = ConfirmationStateViewWrapper(
            input: .failed(message: "The card was declined")
        )
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPadPro11)), named: "iPadPro11")
    }

    #endif
    // MARK: end ConfirmationStateViewPreview (Sources/Payments/ConfirmationStateView.swift)
}

// Previews without a snapshot test:
// - Sources/Payments/BalanceView.swift, #Preview("Sample"): it uses `SampleBalance`, which is private to its file
// - Sources/Payments/BalanceView.swift, #Preview("Live"): it sets its state in `.task`, which a snapshot does not wait for
