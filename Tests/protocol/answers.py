"""One checker for the answers mockls sends, judged against the documents as the client holds them: every range inside
its document and ordered, the edits of one list never overlapping, a completion's edit on one line and containing the
position, a `documentChanges` version equal to the client's, a command one the server advertised with arguments that
survive a trip through JSON. `lsp_stdio.MocklsProcess` runs it on every reply to a request it sends; a violation fails
the test, whatever the test itself asserts."""

from __future__ import annotations

import json


class AnswerError(AssertionError):
    pass


def utf16_length(text: str) -> int:
    return sum(2 if ord(character) > 0xFFFF else 1 for character in text)


class Documents:
    """The texts of the documents the client opened and edited, as the client holds them (the encoding negotiated)."""

    def __init__(self):
        self.texts: dict[str, list[str]] = {}
        self.versions: dict[str, int] = {}
        self.encoding = "utf-16"
        # The commands the server advertised at `initialize` (None before it).
        self.commands: set[str] | None = None

    def line_length(self, uri: str, line: int) -> int | None:
        lines = self.texts.get(uri)
        if lines is None or line >= len(lines):
            return None
        text = lines[line]
        return len(text.encode()) if self.encoding == "utf-8" else utf16_length(text)

    def sent(self, message: dict):
        method, params = message.get("method"), message.get("params") or {}
        try:
            if method == "textDocument/didOpen":
                document = params["textDocument"]
                self.texts[document["uri"]] = document["text"].split("\n")
                self.versions[document["uri"]] = document.get("version")
            elif method == "textDocument/didChange":
                uri = params["textDocument"]["uri"]
                if uri not in self.texts:
                    return
                text = "\n".join(self.texts[uri])
                for change in params["contentChanges"]:
                    if "range" not in change:
                        text = change["text"]
                        continue
                    # An edit on a line the text does not have (the one just past the last is its end) is refused
                    # whole by the server, which keeps the text and version it had: so does the client's copy here.
                    if any(change["range"][end]["line"] > text.count("\n") + 1 for end in ("start", "end")):
                        return
                    start = self.offset(text, change["range"]["start"])
                    end = self.offset(text, change["range"]["end"])
                    text = text[:start] + change["text"] + text[max(start, end):]
                self.texts[uri] = text.split("\n")
                self.versions[uri] = params["textDocument"].get("version")
            elif method == "textDocument/didClose":
                self.texts.pop(params["textDocument"]["uri"], None)
        except (KeyError, TypeError, AttributeError):
            # A message the test damaged on purpose: the document is no longer known, and not judged.
            uri = (params.get("textDocument") or {}).get("uri") if isinstance(params, dict) else None
            self.texts.pop(uri, None)

    def offset(self, text: str, position: dict) -> int:
        """The index in `text` of an LSP position, clamped as the server clamps it."""
        lines = text.split("\n")
        line = min(max(position["line"], 0), len(lines))
        if line == len(lines):
            return len(text)
        index = sum(len(l) + 1 for l in lines[:line])
        units = 0
        for character in lines[line]:
            width = len(character.encode()) if self.encoding == "utf-8" else (2 if ord(character) > 0xFFFF else 1)
            if units + width > position["character"]:
                break
            units += width
            index += 1
        return index


def _key(position: dict) -> tuple[int, int]:
    return position["line"], position["character"]


def check_range(documents: Documents, uri: str, range_: dict, what: str):
    start, end = range_["start"], range_["end"]
    if _key(start) > _key(end):
        raise AnswerError(f"{what}: range ends before it starts: {range_}")
    if uri not in documents.texts:
        return
    for name, position in (("start", start), ("end", end)):
        length = documents.line_length(uri, position["line"])
        if length is None or position["character"] > length:
            raise AnswerError(f"{what}: {name} {position} is outside {uri} ({len(documents.texts[uri])} lines)")


def check_edits(documents: Documents, uri: str, edits: list[dict], what: str):
    for edit in edits:
        check_range(documents, uri, edit["range"], what)
    ordered = sorted(edits, key=lambda edit: (_key(edit["range"]["start"]), _key(edit["range"]["end"])))
    for first, second in zip(ordered, ordered[1:]):
        if _key(first["range"]["end"]) > _key(second["range"]["start"]):
            raise AnswerError(f"{what}: edits overlap: {first['range']} and {second['range']}")


def check_workspace_edit(documents: Documents, edit: dict | None, what: str):
    if not edit:
        return
    for uri, edits in (edit.get("changes") or {}).items():
        check_edits(documents, uri, edits, what)
    for change in edit.get("documentChanges") or []:
        if "kind" in change:
            continue
        uri = change["textDocument"]["uri"]
        version = change["textDocument"].get("version")
        if version is not None and uri in documents.versions and version != documents.versions[uri]:
            raise AnswerError(f"{what}: version {version} of {uri}, the client has {documents.versions[uri]}")
        check_edits(documents, uri, change["edits"], what)


def check_completion(documents: Documents, uri: str, position: dict, result, what: str = "completion"):
    if result is None:
        return
    items = result if isinstance(result, list) else result.get("items", [])
    defaults = {} if isinstance(result, list) else (result.get("itemDefaults") or {})
    # A character past its line's end is the line's end (LSP), as the server reads it.
    length = documents.line_length(uri, position["line"])
    if length is not None and position["character"] > length:
        position = {"line": position["line"], "character": length}
    ranges = []
    if "editRange" in defaults:
        edit_range = defaults["editRange"]
        ranges += [edit_range["insert"], edit_range["replace"]] if "insert" in edit_range else [edit_range]
    for item in items:
        text_edit = item.get("textEdit")
        if text_edit:
            ranges += [text_edit["insert"], text_edit["replace"]] if "insert" in text_edit else [text_edit["range"]]
    for range_ in ranges:
        check_range(documents, uri, range_, what)
        if range_["start"]["line"] != range_["end"]["line"]:
            raise AnswerError(f"{what}: an edit over several lines: {range_}")
        if not (_key(range_["start"]) <= _key(position) <= _key(range_["end"])):
            raise AnswerError(f"{what}: an edit that does not contain the position {position}: {range_}")


def check_command(documents: Documents, command: dict | None, what: str):
    """A command the client may send back as `workspace/executeCommand`: one the server advertised, with its
    arguments a list that survives the trip through JSON unchanged (what the client sends back)."""
    if command is None:
        return
    if not isinstance(command, dict) or not isinstance(command.get("command"), str):
        raise AnswerError(f"{what}: a command with no name: {command}")
    name = command["command"]
    # `editor.action.*` and the like are the client's own; of mockls's, the server runs those it advertised and the
    # client those it declared.
    if documents.commands is not None and name.startswith("mockls.") and name not in documents.commands:
        raise AnswerError(f"{what}: the command {name} was neither advertised nor declared ({sorted(documents.commands)})")
    arguments = command.get("arguments", [])
    if not isinstance(arguments, list):
        raise AnswerError(f"{what}: the arguments of {name} are no list: {arguments!r}")
    if json.loads(json.dumps(arguments)) != arguments:
        raise AnswerError(f"{what}: the arguments of {name} do not survive a trip through JSON")


def check(documents: Documents, method: str, params: dict, reply: dict):
    """Raises `AnswerError` when `reply` to `method` with `params` is no valid answer to the client's documents."""
    if "result" not in reply or not isinstance(params, dict):
        return
    result = reply["result"]
    uri = (params.get("textDocument") or {}).get("uri") if isinstance(params.get("textDocument"), dict) else None
    if method == "initialize" and isinstance(result, dict):
        capabilities = result.get("capabilities") or {}
        documents.encoding = capabilities.get("positionEncoding", "utf-16")
        # The server's commands, and those the client runs itself and declared (`experimental.mocklsCommands`).
        declared = ((params.get("capabilities") or {}).get("experimental") or {}).get("mocklsCommands") or []
        documents.commands = set((capabilities.get("executeCommandProvider") or {}).get("commands") or []) | set(declared)
    elif method == "textDocument/completion" and uri:
        check_completion(documents, uri, params["position"], result)
    elif method == "completionItem/resolve" and isinstance(result, dict) and result.get("additionalTextEdits"):
        pass  # the document of a resolved item is not named in the request
    elif method == "textDocument/codeAction" and uri:
        for action in result or []:
            what = f"code action {action.get('title')!r}"
            if isinstance(action.get("command"), str):  # a bare Command
                check_command(documents, action, what)
                continue
            check_workspace_edit(documents, action.get("edit"), what)
            check_command(documents, action.get("command"), what)
    elif method in ("codeAction/resolve",) and isinstance(result, dict):
        check_workspace_edit(documents, result.get("edit"), f"resolved code action {result.get('title')!r}")
        check_command(documents, result.get("command"), f"resolved code action {result.get('title')!r}")
    elif method in ("textDocument/codeLens", "codeLens/resolve") and result:
        for lens in result if isinstance(result, list) else [result]:
            if uri:
                check_range(documents, uri, lens["range"], "code lens")
            check_command(documents, lens.get("command"), f"code lens at {lens['range']}")
    elif method == "textDocument/rename":
        check_workspace_edit(documents, result, "rename")
    elif method in ("textDocument/documentHighlight",) and uri:
        for highlight in result or []:
            check_range(documents, uri, highlight["range"], "document highlight")
    elif method == "textDocument/hover" and uri and isinstance(result, dict) and result.get("range"):
        check_range(documents, uri, result["range"], "hover")
    elif method in ("textDocument/references", "textDocument/definition") and result:
        for location in result if isinstance(result, list) else [result]:
            check_range(documents, location["uri"], location["range"], method)
    elif method == "textDocument/diagnostic" and uri and isinstance(result, dict):
        for diagnostic in result.get("items") or []:
            check_range(documents, uri, diagnostic["range"], "pulled diagnostic")
    elif method == "textDocument/prepareRename" and uri and isinstance(result, dict) and "range" in result:
        check_range(documents, uri, result["range"], "prepare rename")
    elif method == "textDocument/signatureHelp" and isinstance(result, dict):
        for signature in result.get("signatures") or []:
            active = signature.get("activeParameter", result.get("activeParameter"))
            if active is not None and signature.get("parameters") and active >= len(signature["parameters"]):
                raise AnswerError(f"signature help: active parameter {active} of {len(signature['parameters'])}")
