"""A strict LSP base-protocol peer for tests: frames what it sends and checks every byte mockls writes."""

import json
import os
import queue
import subprocess
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def mockls_binary() -> str:
    binary = os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "debug" / "mockls"))
    if not Path(binary).exists():
        raise FileNotFoundError(f"{binary} not found: build mockls first (swift build) or set MOCKLS_BIN")
    return binary


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
