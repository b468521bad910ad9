"""Replays a protocol transcript (protocol-fixtures/*.transcript) against the real mockls binary.

Format, one directive per line (blank lines and lines starting with '#' are ignored):
  env NAME=VALUE      environment for mockls (before the first send)
  send JSON           a message, framed by the runner
  send-raw STRING     raw bytes: a JSON string literal, sent as UTF-8 without framing
  expect JSON         the next message mockls writes (window/logMessage skipped) must match JSON
  close               close mockls's standard input
  exit N              mockls must end with exit code N, and write nothing more
  stderr STRING       standard error must contain STRING (a JSON string literal), checked at the end

In JSON, "<any>" matches any value and "<contains:TEXT>" any string containing TEXT; objects must have exactly
the expected members. ${REPEAT(N, "TEXT")} in a send line expands to TEXT (a JSON string body) N times, for
large messages; ${ROOT} expands to the repository root as a file URI.
"""

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from lsp_stdio import ROOT, MocklsProcess

REPEAT = re.compile(r'\$\{REPEAT\((\d+),\s*"((?:[^"\\]|\\.)*)"\)\}')


def expand(text: str) -> str:
    text = text.replace("${ROOT}", ROOT.as_uri())
    return REPEAT.sub(lambda m: m.group(2) * int(m.group(1)), text)


def match(expected, actual, path="$"):
    """Returns None when actual matches the pattern, else a description of the first difference."""
    if expected == "<any>":
        return None
    if isinstance(expected, str) and expected.startswith("<contains:") and expected.endswith(">"):
        needle = expected[len("<contains:"):-1]
        if isinstance(actual, str) and needle in actual:
            return None
        return f"{path}: expected a string containing {needle!r}, got {actual!r}"
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return f"{path}: expected an object, got {actual!r}"
        if set(expected) != set(actual):
            return f"{path}: expected members {sorted(expected)}, got {sorted(actual)}"
        for key in expected:
            problem = match(expected[key], actual[key], f"{path}.{key}")
            if problem:
                return problem
        return None
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(expected) != len(actual):
            return f"{path}: expected {expected!r}, got {actual!r}"
        for index, (e, a) in enumerate(zip(expected, actual)):
            problem = match(e, a, f"{path}[{index}]")
            if problem:
                return problem
        return None
    if type(expected) is not type(actual) or expected != actual:
        return f"{path}: expected {expected!r}, got {actual!r}"
    return None


@dataclass
class Step:
    line: int
    verb: str
    argument: str


@dataclass
class Transcript:
    path: Path
    env: dict = field(default_factory=dict)
    steps: list = field(default_factory=list)

    @classmethod
    def load(cls, path: Path) -> "Transcript":
        transcript = cls(path)
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            verb, _, argument = line.partition(" ")
            if verb == "env":
                name, _, value = argument.partition("=")
                transcript.env[name] = value
            elif verb in ("send", "send-raw", "expect", "close", "exit", "stderr"):
                transcript.steps.append(Step(number, verb, argument))
            else:
                raise ValueError(f"{path.name}:{number}: unknown directive {verb!r}")
        return transcript

    def replay(self):
        server = MocklsProcess(env=self.env)
        stderr_needles = []
        try:
            for step in self.steps:
                where = f"{self.path.name}:{step.line}"
                if step.verb == "send":
                    server.send_raw(frame_json(expand(step.argument)))
                elif step.verb == "send-raw":
                    server.send_raw(json.loads(expand(step.argument)).encode("utf-8"))
                elif step.verb == "expect":
                    expected = json.loads(expand(step.argument))
                    actual = server.receive()
                    problem = match(expected, actual)
                    assert problem is None, f"{where}: {problem}\n  whole message: {json.dumps(actual)[:2000]}"
                elif step.verb == "close":
                    server.close_stdin()
                elif step.verb == "exit":
                    code = server.wait()
                    assert code == int(step.argument), f"{where}: exit code {code}, expected {step.argument}\n{server.stderr}"
                    extra = server.remaining_messages()
                    assert not extra, f"{where}: unexpected messages before exit: {extra}"
                elif step.verb == "stderr":
                    stderr_needles.append((where, json.loads(step.argument)))
            if server.process.poll() is None:
                server.wait()
            for where, needle in stderr_needles:
                assert needle in server.stderr, f"{where}: stderr lacks {needle!r}:\n{server.stderr}"
        finally:
            server.kill()


def frame_json(text: str) -> bytes:
    # Re-serialise so the transcript may be written loosely but the bytes sent are what a client sends.
    body = json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n" % len(body) + body
