// Snapshot tests of the Xcode previews, one per preview state, written by `mockls snapshot-tests`.
// Write states as previews and run it again: changes made here by hand are lost.

import SnapshotTesting
import SwiftUI
import Testing
import UIKit
@testable import Payments

@MainActor
@Suite struct PreviewSnapshotTests {

    // MARK: #Preview("Balance") (Sources/Payments/BalanceView.swift)

    @Test func balance_0() {
        let view = BalanceView(amount: 12000)
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
    }

    // MARK: end #Preview("Balance") (Sources/Payments/BalanceView.swift)

    // MARK: #Preview("Hidden balance") (Sources/Payments/BalanceView.swift)

    @Test func hiddenBalance_0() {
        let view = BalanceView(amount: 12000, isHidden: true)
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
    }

    // MARK: end #Preview("Hidden balance") (Sources/Payments/BalanceView.swift)

    // MARK: #Preview 1 (Sources/Payments/BalanceView.swift)

    @Test func balanceViewPreview1_0() {
        let view = Group {
            let amount = 300
            BalanceView(amount: amount)
        }
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
    }

    // MARK: end #Preview 1 (Sources/Payments/BalanceView.swift)

    // MARK: ConfirmationStateViewPreview (Sources/Payments/ConfirmationStateView.swift)
    #if DEBUG

    @Test func confirmationStateViewPreview_0() {
        let view = ConfirmationStateViewWrapper(input: .loading)
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
    }

    @Test func confirmationStateViewPreview_1() {
        let view = ConfirmationStateViewWrapper(input: .confirmed(amount: 1200))
            .previewDisplayName("Confirmed")
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
    }

    @Test func confirmationStateViewPreview_2() {
        let view = ConfirmationStateViewWrapper(
            input: .failed(message: "The card was declined")
        )
        assertSnapshot(of: view, as: .image(layout: .device(config: .iPhone13)), named: "iPhone13")
    }

    #endif
    // MARK: end ConfirmationStateViewPreview (Sources/Payments/ConfirmationStateView.swift)
}

// Previews without a snapshot test:
// - Sources/Payments/BalanceView.swift, #Preview("Sample"): it uses `SampleBalance`, which is private to its file
// - Sources/Payments/BalanceView.swift, #Preview("Live"): it sets its state in `.task`, which a snapshot does not wait for
