"""A strict LSP base-protocol peer for tests: frames what it sends and checks every byte mockls writes."""

import json
import os
import queue
import subprocess
import threading
import time
from pathlib import Path

import answers

ROOT = Path(__file__).resolve().parents[2]


def mockls_binary() -> str:
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "debug" / "mockls"))
    if not Path(binary).exists():
        raise FileNotFoundError(f"{binary} not found: build mockls first (swift build) or set MOCKLS_BIN")
    # Absolute: tests run it from folders of their own (`make test` gives a path relative to the repository).
    return os.path.abspath(binary)


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class FramingError(AssertionError):
    pass


class MocklsProcess:
    """mockls over stdio. Messages it writes are parsed strictly; anything else on stdout is a failure."""

    def __init__(self, env=None, args=()):
        environment = dict(os.environ)
        environment.update(env or {})
        self.process = subprocess.Popen(
            [mockls_binary(), *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=environment,
        )
        self.messages: "queue.Queue[object]" = queue.Queue()
        self.stderr_chunks: list[bytes] = []
        self.next_request_id = 1000  # `request`'s ids: above those tests write by hand
        # The documents as this client holds them, against which every reply to `request` is judged (answers.py).
        self.documents = answers.Documents()
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()

    def _read_stdout(self):
        stream = self.process.stdout
        try:
            while True:
                headers = {}
                while True:
                    line = stream.readline()
                    if not line:
                        if headers:
                            raise FramingError("stdout ended inside a header block")
                        return
                    if line == b"\r\n":
                        break
                    if not line.endswith(b"\r\n") or b":" not in line:
                        raise FramingError(f"not an LSP header line on stdout: {line!r}")
                    name, value = line[:-2].split(b":", 1)
                    headers[name.strip().lower()] = value.strip()
                if b"content-length" not in headers:
                    raise FramingError(f"header block without Content-Length: {headers}")
                length = int(headers[b"content-length"])
                body = stream.read(length)
                if len(body) != length:
                    raise FramingError("stdout ended inside a message body")
                self.messages.put(json.loads(body))
        except Exception as error:  # surfaced to the test by the next receive()
            self.messages.put(error)

    def _read_stderr(self):
        for chunk in iter(lambda: self.process.stderr.read1(65536), b""):
            self.stderr_chunks.append(chunk)

    @property
    def stderr(self) -> str:
        return b"".join(self.stderr_chunks).decode("utf-8", "replace")

    def send_raw(self, data: bytes):
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, message: dict):
        self.documents.sent(message)
        self.send_raw(frame(json.dumps(message, ensure_ascii=False).encode()))

    def receive(self, timeout=10.0, skip_logs=True):
        while True:
            try:
                message = self.messages.get(timeout=timeout)
            except queue.Empty:
                raise AssertionError(f"no message from mockls within {timeout}s; stderr:\n{self.stderr}")
            if isinstance(message, Exception):
                raise message
            if skip_logs and message.get("method") == "window/logMessage":
                continue
            return message

    def wait_for_log(self, words: str, timeout=60.0) -> dict:
        """The first `window/logMessage` containing `words`, passing over what comes before it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self.receive(timeout=max(0.01, deadline - time.monotonic()), skip_logs=False)
            if message.get("method") == "window/logMessage" and words in message["params"]["message"]:
                return message
        raise AssertionError(f"no log containing {words!r}")

    def initialize(self, root_uri: str, capabilities=None, timeout=60.0) -> dict:
        """`initialize` with `capabilities` (none by default), then `initialized`; the initialize result."""
        result = self.request("initialize", {"rootUri": root_uri, "capabilities": capabilities or {}}, timeout=timeout)
        self.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        return result

    def open_document(self, path, language: str, text: str | None = None, version=1):
        """`textDocument/didOpen` of the file at `path`, with its text on disk unless `text` is given."""
        self.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": path.as_uri(), "languageId": language, "version": version, "text": path.read_text() if text is None else text}}})

    def request(self, method: str, params, timeout=60.0) -> dict:
        """Sends a request and returns its reply, passing over what mockls sends before it (notifications, its own
        requests, replies to other ids)."""
        self.next_request_id += 1
        request_id = self.next_request_id
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while (reply := self.receive(timeout=timeout)).get("id") != request_id or "method" in reply:
            pass
        answers.check(self.documents, method, params, reply)
        return reply

    def timed(self, method: str, params, timeout=300.0) -> tuple[float, dict]:
        """A request's round trip in milliseconds, and its reply, which is not judged (the benchmarks' requests:
        judging 24,000 locations would take longer than the server does)."""
        self.next_request_id += 1
        request_id = self.next_request_id
        start = time.perf_counter()
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        while (reply := self.receive(timeout=timeout)).get("id") != request_id or "method" in reply:
            pass
        return (time.perf_counter() - start) * 1000, reply

    def close_stdin(self):
        if not self.process.stdin.closed:
            self.process.stdin.close()

    def wait(self, timeout=10.0) -> int:
        self.close_stdin()
        return self.process.wait(timeout=timeout)

    def remaining_messages(self, skip_logs=True):
        """Every message written before the process ended (call after wait())."""
        result = []
        while True:
            try:
                message = self.messages.get(timeout=0.5)
            except queue.Empty:
                return result
            if isinstance(message, Exception):
                raise message
            if not (skip_logs and message.get("method") == "window/logMessage"):
                result.append(message)

    def kill(self):
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
