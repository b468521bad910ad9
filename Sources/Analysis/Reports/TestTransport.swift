import Features
import GraphQLIndex

extension Workspace.Project {
    /// The Apollo iOS release the project's test transport is written for (its mocks' release: `formatReason` says
    /// where that was read), and within 1.x the version pinned, which decides what of 1.x's API it names.
    public var testTransportRelease: TestTransportFile.Release {
        index.format.release == .two ? .two : .one(version: index.format.version)
    }

    /// The `TestNetworkTransport` file for the project's test target (`TestTransportFile`): of its Apollo iOS
    /// release, public where its mocks are.
    public var testTransportFile: String {
        TestTransportFile.render(for: testTransportRelease, isPublic: index.format.isPublic)
    }
}
