// A stand-in for the part of SwiftUI that previews and the snapshot tests mockls writes use (SwiftUI does not exist
// on Linux): views, view builders, `Group`, `PreviewProvider`, `UIViewRepresentable` and a few modifiers.
@_exported import UIKit

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public nonisolated init(_ value: T) {}
    public var body: Never { fatalError() }
}

public struct ModifiedView<Content: View>: View {
    public var body: Never { fatalError() }
}

@resultBuilder
public enum ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
}

public struct Group<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init(_ text: String) {}
    public var body: Never { fatalError() }
}

extension View {
    public func previewDisplayName(_ name: String?) -> ModifiedView<Self> { fatalError() }
    public func task(_ action: @escaping @Sendable () async -> Void) -> ModifiedView<Self> { fatalError() }
}

@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

@MainActor @preconcurrency
public protocol UIViewRepresentable: View where Body == Never {
    associatedtype UIViewType: UIView
    typealias Context = UIViewRepresentableContext<Self>
    func makeUIView(context: Context) -> UIViewType
    func updateUIView(_ uiView: UIViewType, context: Context)
}

extension UIViewRepresentable {
    public var body: Never { fatalError() }
}

public struct UIViewRepresentableContext<Representable> {}
