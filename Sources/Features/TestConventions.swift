import GraphQLIndex

/// How a workspace's tests are written, as far as the code mockls writes into them follows it: fixes, completions,
/// conversions and responses write `.placeholder()` where the workspace has factories, and import its mocks module.
public struct TestConventions: Sendable, Hashable {
    /// The workspace has `placeholder()` factories: fixes write `.placeholder()` rather than literals.
    public var placeholders: Bool
    /// The module the test mocks are imported from (nil when the tests compile them in): code that brings mocks into
    /// a file that has none yet imports it.
    public var mocksModule: String?
    /// The project is on Apollo iOS 2 by its pin, its generated mocks or `--mock-format` (not by assuming the newest
    /// release): what its tests still write of 1.x is reported (`Apollo2Diagnostics`).
    public var isOnApolloTwo: Bool

    public init(placeholders: Bool = false, mocksModule: String? = nil, isOnApolloTwo: Bool = false) {
        self.placeholders = placeholders
        self.mocksModule = mocksModule
        self.isOnApolloTwo = isOnApolloTwo
    }
}
