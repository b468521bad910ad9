// A stand-in for the part of UIKit that previewed views and snapshot tests use (UIKit does not exist on Linux).
@_exported import Foundation

open class UIView {
    public init(frame: CGRect) {}
    public required init?(coder: NSCoder) {}
}

open class UIImage {}

open class UITraitCollection {
    public init() {}
}
