import Analysis
import Foundation
import LSP
import SourceText

/// The notifications the server handles while it runs, each registered like a request: the client's documents
/// and workspace folders, turned into calls of the analysis host. (`exit`, `$/cancelRequest` and `$/setTrace` are
/// accepted in every phase, in `LanguageServer.handleNotification`.)
extension LanguageServer {
    func registerNotifications() {
        registerNotification(InitializedNotification.self) { [unowned self] _ in
            logger.info("client initialized")
            registerFileWatchers()
            host?.load()
        }
        registerNotification(DidOpenTextDocumentNotification.self) { [unowned self] open in
            let item = open.textDocument
            guard let document = host?.open(conversion.file(item.uri), uri: item.uri, languageID: item.languageId, version: item.version, text: item.text.bytes) else { return }
            logger.debug("opened \(item.uri) v\(item.version)")
            guard document.isSwift else {
                diagnostics?.openedOther(item.uri)
                return
            }
            // Pushed diagnostics parse it in a moment; otherwise parse now, off the reading thread, so that the first
            // request finds it ready. (One parse at a time: a second thread would only wait.)
            if diagnostics?.mode != .push { document.parseInBackground() }
            diagnostics?.changed(document)
            lensRefresher?.changed()
        }
        registerNotification(DidChangeTextDocumentNotification.self) { [unowned self] change in
            let (uri, conversion) = (change.textDocument.uri, conversion)
            let file = conversion.file(uri, in: host?.documents)
            // A version that does not increase breaks the client's promise (LSP 3.17), but its changes are what the
            // client's text went through: they are applied, and the break is logged as the error it is.
            if let old = host?.documents[file], change.textDocument.version <= old.version {
                logger.error("textDocument/didChange: \(uri): version \(change.textDocument.version) does not follow \(old.version) (versions must increase); the change is applied")
            }
            // Each change applies to the text the one before it produced (LSP 3.17). A range on a line the text does
            // not have refuses the whole notification (InvalidParams, logged): the document keeps its last good text
            // and version. A character past its line's end is clamped, as LSP says.
            guard let changed = try host?.change(file, version: change.textDocument.version, edit: { lines in
                try change.contentChanges.reduce(lines) { lines, change in
                    guard let range = change.range else { return LineTable(change.text.bytes) }
                    return lines.replacing(try conversion.editRange(of: range, in: lines), with: change.text.bytes)
                }
            }) else { return }
            if changed.isSwift {
                diagnostics?.changed(changed)
                lensRefresher?.changed()
            }
        }
        registerNotification(DidCloseTextDocumentNotification.self) { [unowned self] close in
            try host?.close(conversion.file(close.textDocument.uri, in: host?.documents))
            diagnostics?.closed(close.textDocument.uri)
            if close.textDocument.uri.hasSuffix(".swift") { lensRefresher?.changed() }
        }
        registerNotification(DidSaveTextDocumentNotification.self) { [unowned self] save in
            logger.debug("saved \(save.textDocument.uri)")
            host?.saved(conversion.file(save.textDocument.uri, in: host?.documents), watchingFiles: watchingFiles)
        }
        registerNotification(DidChangeWatchedFilesNotification.self) { [unowned self] watched in
            host?.filesChanged(watched.changes.compactMap { conversion.url($0.uri) })
            if watched.changes.contains(where: { $0.uri.hasSuffix(".swift") }) { lensRefresher?.changed() }
        }
        registerNotification(DidChangeWorkspaceFoldersNotification.self) { [unowned self] folders in
            host?.changeFolders(
                added: folders.event.added.compactMap { conversion.url($0.uri) },
                removed: folders.event.removed.compactMap { conversion.url($0.uri) })
        }
    }
}
