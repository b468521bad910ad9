import Analysis
import JSONRPC
import LSP

/// Watching the files whose changes change the analysis: registered with the client when it can register watchers
/// dynamically, from the host's own list of patterns (`AnalysisHost.watchedFilePatterns`); for a client that cannot
/// (or refuses the registration), the host watches the workspace folders itself (`AnalysisHost.watchFolders`).
extension LanguageServer {
    func registerFileWatchers() {
        guard clientCapabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true else {
            watchFoldersItself(because: "the client cannot watch files for mockls")
            return
        }
        let registration = Registration(
            id: "mockls-watched-files", method: DidChangeWatchedFilesNotification.method,
            registerOptions: DidChangeWatchedFilesRegistrationOptions(
                watchers: AnalysisHost.watchedFilePatterns.map(FileSystemWatcher.init)))
        let id = RequestID.number(nextOutgoingID)
        nextOutgoingID += 1
        if let bytes = try? OutgoingMessage.request(
            id: id, method: RegisterCapabilityRequest.method, params: RegistrationParams(registrations: [registration]))
        {
            send(bytes)
            watchingFiles = true
            watcherRegistrationID = id
            host?.clientWatchesFiles(true)
        }
    }

    /// The host's own watch of the workspace folders, in place of the client's watchers.
    func watchFoldersItself(because reason: String) {
        logger.info("\(reason): mockls watches the workspace folders itself")
        host?.clientWatchesFiles(false)
        host?.watchFolders()
        watchingFiles = true
    }
}
