import Analysis
import JSONRPC
import LSP

/// Watching the files whose changes change the analysis: registered with the client when it can register watchers
/// dynamically, from the host's own list of patterns (`AnalysisHost.watchedFilePatterns`); without watchers, changes
/// on disk are looked for when a file is saved.
extension LanguageServer {
    func registerFileWatchers() {
        guard clientCapabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration == true else {
            logger.info("the client cannot watch files for mockls; changes on disk are picked up when a file is saved")
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
        }
    }
}
