public enum FileChangeType: Int, Codable, Sendable {
    case created = 1, changed = 2, deleted = 3
}

public struct FileEvent: Codable, Sendable, Equatable {
    public var uri: DocumentURI
    public var type: FileChangeType
}

public struct DidChangeWatchedFilesParams: Codable, Sendable, Equatable {
    public var changes: [FileEvent]
}

public enum DidChangeWatchedFilesNotification: LSPNotification {
    public typealias Params = DidChangeWatchedFilesParams
    public static let method = "workspace/didChangeWatchedFiles"
}

public struct WorkspaceFoldersChangeEvent: Codable, Sendable, Equatable {
    public var added: [WorkspaceFolder]
    public var removed: [WorkspaceFolder]
}

public struct DidChangeWorkspaceFoldersParams: Codable, Sendable, Equatable {
    public var event: WorkspaceFoldersChangeEvent
}

public enum DidChangeWorkspaceFoldersNotification: LSPNotification {
    public typealias Params = DidChangeWorkspaceFoldersParams
    public static let method = "workspace/didChangeWorkspaceFolders"
}

public struct FileSystemWatcher: Codable, Sendable, Equatable {
    public var globPattern: String
    public init(globPattern: String) { self.globPattern = globPattern }
}

public struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable, Equatable {
    public var watchers: [FileSystemWatcher]
    public init(watchers: [FileSystemWatcher]) { self.watchers = watchers }
}

public struct Registration: Encodable, Sendable {
    public var id: String
    public var method: String
    public var registerOptions: DidChangeWatchedFilesRegistrationOptions?
    public init(id: String, method: String, registerOptions: DidChangeWatchedFilesRegistrationOptions?) {
        self.id = id
        self.method = method
        self.registerOptions = registerOptions
    }
}

public struct RegistrationParams: Encodable, Sendable {
    public var registrations: [Registration]
    public init(registrations: [Registration]) { self.registrations = registrations }
}

public enum RegisterCapabilityRequest {
    public static let method = "client/registerCapability"
}
