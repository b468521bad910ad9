"""The README's pictures, made from a real Neovim session with the shipped set-up (editors/nvim) on Examples/Bookshelf.

Neovim runs in a tmux pane; the script types as a user would, captures the pane with its colours and writes each
screen as an SVG next to this file:

  completion.svg   `Mock<Book>(` then <C-x><C-o>: the labels mockls offers
  diagnostic.svg   the test that crashes at run time, with mockls's diagnostic on its line
  quickfix.svg     the quick fixes offered there

    python3 Examples/screenshots/make_screenshots.py [--mockls PATH] [--out DIR]

Needs nvim and tmux (`make editor-deps`). `make test` runs it into a scratch folder and checks what the pictures
show, so they stay true.
"""

import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WIDTH, HEIGHT = 140, 30

INIT = """
vim.opt.runtimepath:append({nvim!r})
vim.opt.termguicolors = false
vim.opt.number = true
vim.opt.completeopt = {{ "menuone", "noinsert" }}
vim.opt.shortmess:append("c")
vim.opt.swapfile = false
vim.cmd("syntax on")
vim.diagnostic.config({{ virtual_text = true, signs = true, underline = true }})
require("mockls").setup({{ cmd = {{ {mockls!r} }} }})
"""


def tmux(*args, check=True):
    return subprocess.run(["tmux", "-L", "mockls-shots", *args], capture_output=True, text=True, check=check)


def screen() -> str:
    return tmux("capture-pane", "-p", "-e", "-t", "shots").stdout


def plain() -> str:
    return re.sub(r"\x1b\[[0-9;]*m", "", screen())


def wait_for(words: str, seconds=60.0) -> str:
    deadline = time.time() + seconds
    while time.time() < deadline:
        text = plain()
        if words in text:
            return text
        time.sleep(0.1)
    raise SystemExit(f"make_screenshots: {words!r} never appeared on screen:\n{plain()}")


def keys(*sequence):
    for item in sequence:
        tmux("send-keys", "-t", "shots", item)
        time.sleep(0.15)


# The xterm 256-colour palette: 16 system colours, a 6×6×6 cube, 24 greys.
SYSTEM = ["#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
          "#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea"]


def palette(index: int) -> str:
    if index < 16:
        return SYSTEM[index]
    if index < 232:
        index -= 16
        levels = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (levels[index // 36], levels[index // 6 % 6], levels[index % 6])
    grey = 8 + (index - 232) * 10
    return "#%02x%02x%02x" % (grey, grey, grey)


def svg(captured: str, title: str) -> str:
    """The captured pane (text with SGR colour codes) as an SVG of monospace cells."""
    foreground, background = SYSTEM[7], SYSTEM[0]
    cell_w, cell_h = 8.4, 17
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH * cell_w:.0f}" height="{HEIGHT * cell_h + 8:.0f}" '
           f'font-family="DejaVu Sans Mono, Menlo, monospace" font-size="14">',
           f"<title>{html.escape(title)}</title>",
           f'<rect width="100%" height="100%" fill="{background}"/>']
    for row, line in enumerate(captured.splitlines()[:HEIGHT]):
        fg, bg, bold, reverse, column = None, None, False, False, 0
        for part in re.split(r"(\x1b\[[0-9;]*m)", line):
            if part.startswith("\x1b["):
                codes = [int(c) if c else 0 for c in part[2:-1].split(";")]
                i = 0
                while i < len(codes):
                    code = codes[i]
                    if code == 0:
                        fg, bg, bold, reverse = None, None, False, False
                    elif code == 1:
                        bold = True
                    elif code == 7:
                        reverse = True
                    elif code in (22,):
                        bold = False
                    elif code == 27:
                        reverse = False
                    elif 30 <= code <= 37 or 90 <= code <= 97:
                        fg = palette(code - 30 if code < 90 else code - 82)
                    elif 40 <= code <= 47 or 100 <= code <= 107:
                        bg = palette(code - 40 if code < 100 else code - 92)
                    elif code in (38, 48) and i + 2 < len(codes) and codes[i + 1] == 5:
                        if code == 38:
                            fg = palette(codes[i + 2])
                        else:
                            bg = palette(codes[i + 2])
                        i += 2
                    elif code == 39:
                        fg = None
                    elif code == 49:
                        bg = None
                    i += 1
                continue
            if not part:
                continue
            text_fg, text_bg = fg or foreground, bg
            if reverse:
                text_fg, text_bg = bg or background, fg or foreground
            x, y = column * cell_w, row * cell_h + 4
            if text_bg:
                out.append(f'<rect x="{x:.1f}" y="{y}" width="{len(part) * cell_w:.1f}" height="{cell_h}" fill="{text_bg}"/>')
            if part.strip():
                weight = ' font-weight="bold"' if bold else ""
                out.append(f'<text x="{x:.1f}" y="{y + 13}" fill="{text_fg}"{weight} xml:space="preserve">{html.escape(part)}</text>')
            column += len(part)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mockls", default=os.environ.get("MOCKLS_BIN", str(ROOT / ".build" / "debug" / "mockls")))
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent))
    args = parser.parse_args()
    for tool in ("nvim", "tmux"):
        if shutil.which(tool) is None:
            raise SystemExit(f"make_screenshots: {tool} is not installed (make editor-deps)")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        workspace = Path(scratch) / "Bookshelf"
        shutil.copytree(ROOT / "Examples" / "Bookshelf", workspace)
        init = Path(scratch) / "init.lua"
        init.write_text(INIT.format(nvim=str(ROOT / "editors" / "nvim"), mockls=str(Path(args.mockls).resolve())))
        test = workspace / "Tests" / "BookshelfTests" / "BookQueryTests.swift"
        tmux("kill-server", check=False)
        tmux("new-session", "-d", "-s", "shots", "-x", str(WIDTH), "-y", str(HEIGHT), "-c", str(workspace),
             f"TERM=xterm-256color nvim -u {init} -i NONE +28 {test.relative_to(workspace)}")
        try:
            # The crash: mockls's diagnostic on the line that reads an unset field.
            wait_for("reading `name`")
            (out / "diagnostic.svg").write_text(svg(screen(), "mockls: a read that crashes at run time"))
            # Its quick fixes, with the cursor on the read.
            line = test.read_text().splitlines()[27]
            keys(f":call cursor(28, {line.index('author.name') + len('author.') + 1})", "Enter")
            keys(":lua vim.lsp.buf.code_action()", "Enter")
            wait_for("Set ")
            (out / "quickfix.svg").write_text(svg(screen(), "mockls: the quick fixes of the crash"))
            keys("Escape", "Escape")
            time.sleep(0.3)
            # Completion: a new mock, its labels on <C-x><C-o>.
            keys(":7", "Enter", "o", "let book = Mock<Book>(", "C-x", "C-o")
            wait_for("coAuthors")
            (out / "completion.svg").write_text(svg(screen(), "mockls: completion of Mock<Book>( labels"))
            keys("Escape", ":qa!", "Enter")
        finally:
            tmux("kill-server", check=False)
    print(f"make_screenshots: wrote completion.svg, diagnostic.svg, quickfix.svg to {out}")


if __name__ == "__main__":
    main()
