-- Headless Neovim 0.7 with the shipped module (editors/nvim): on the line of a test's `SearchQuery.Data.from(mock)`,
-- Neovim's own `vim.lsp.buf.code_action()` offers "Write the JSON response to SearchQuery.json" (Neovim declares no
-- resource operations: the action carries a command the server runs), and choosing it writes the file beside the
-- test, with a message naming its path. Run by Tests/protocol/test_editor_response.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_response_check.lua"
-- with MOCKLS_BIN, MOCKLS_FILE (the test file), MOCKLS_LINE (1-based) and MOCKLS_NVIM set. The same for another action
-- the server runs as a command: MOCKLS_ACTION (its title), MOCKLS_WRITTEN (the file it writes beside the test) and
-- MOCKLS_CONTAINS (text the file holds). Prints one "ok …" line per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

support.run(function()
  support.setup_shipped_module()
  local messages = support.shown_messages()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()
  local line = tonumber(os.getenv("MOCKLS_LINE"))
  vim.api.nvim_win_set_cursor(0, { line, 4 })

  -- As a user does it: `:lua vim.lsp.buf.code_action()`, then the action picked from the menu. The workspace is
  -- indexed in the background: ask until the action is there.
  local title = os.getenv("MOCKLS_ACTION") or "Write the JSON response to SearchQuery.json"
  local picked = support.pick_code_action(title)
  local asked = vim.wait(30000, function()
    if select(2, picked()) then
      return true
    end
    vim.lsp.buf.code_action()
    vim.wait(300)
    return select(2, picked())
  end, 500)
  if not asked then
    return fail("no action " .. title .. ": " .. vim.inspect((picked())))
  end
  say("ok offered")

  local written = vim.fn.fnamemodify(os.getenv("MOCKLS_FILE"), ":h") .. "/" .. (os.getenv("MOCKLS_WRITTEN") or "SearchQuery.json")
  local wrote = vim.wait(10000, function()
    return vim.loop.fs_stat(written) ~= nil
  end, 50)
  if not wrote then
    return fail("nothing written at " .. written)
  end
  local text = table.concat(vim.fn.readfile(written), "\n")
  if not text:find(os.getenv("MOCKLS_CONTAINS") or '"data"', 1, true) then
    return fail("written: " .. text)
  end
  say("ok written")
  local named = vim.wait(5000, function()
    for _, message in ipairs(messages) do
      if message:find(written, 1, true) then
        return true
      end
    end
    return false
  end, 50)
  if not named then
    return fail("no message names the file: " .. vim.inspect(messages))
  end
  say("ok message")
end)
