// A stand-in for the part of swift-snapshot-testing the tests mockls writes call (`AssertSnapshot.swift`,
// `Snapshotting/SwiftUIView.swift`, `Common/View.swift`), with its names and shapes.
import SwiftUI

public struct Snapshotting<Value, Format> {}

public struct ViewImageConfig: Sendable {
    public static let iPhoneSe = ViewImageConfig()
    public static let iPhone13 = ViewImageConfig()
    public static let iPhone13ProMax = ViewImageConfig()
    public static let iPadPro11 = ViewImageConfig()
    public static let iPadPro12_9 = ViewImageConfig()
}

public enum SwiftUISnapshotLayout {
    case device(config: ViewImageConfig)
    case fixed(width: CGFloat, height: CGFloat)
    case sizeThatFits
}

extension Snapshotting where Value: SwiftUI.View, Format == UIImage {
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1,
        layout: SwiftUISnapshotLayout = .sizeThatFits, traits: UITraitCollection = .init()
    ) -> Snapshotting { Snapshotting() }
}

public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as snapshotting: Snapshotting<Value, Format>, named name: String? = nil,
    record recording: Bool? = nil, timeout: TimeInterval = 5, fileID: StaticString = #fileID, file filePath: StaticString = #filePath,
    testName: String = #function, line: UInt = #line, column: UInt = #column
) {}
