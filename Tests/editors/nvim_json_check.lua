-- Headless Neovim with the shipped module (editors/nvim) on JSON files: a response fixture of the Bookshelf example
-- opened alone gets mockls and its diagnostics, the enum value's quick fix is offered by `vim.lsp.buf.code_action()`
-- and applying it edits the buffer, the diagnostics follow the edits (none stale, none on the wrong line); a Swift
-- test of the same project shares the client; package.json in the project and a JSON file outside any Apollo
-- project get no mockls. Run by Tests/protocol/test_editor_json.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_json_check.lua"
-- with MOCKLS_BIN, MOCKLS_NVIM (the editors/nvim folder), MOCKLS_ROOT (the Bookshelf copy), MOCKLS_FIXTURE (its
-- Tests/Fixtures/BookQuery.json), MOCKLS_SWIFT (a test file of it), MOCKLS_PACKAGE (its package.json) and
-- MOCKLS_OUTSIDE (a JSON file in a folder outside any Apollo project) set. Prints one "ok …" line per check, or
-- "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

local function code_of(d)
  return d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
end

-- The buffer's mockls diagnostics as "line:code" (1-based lines), sorted.
local function summary(bufnr)
  local diagnostics = vim.diagnostic.get(bufnr)
  table.sort(diagnostics, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and code_of(a) < code_of(b))
  end)
  local lines = {}
  for _, d in ipairs(diagnostics) do
    table.insert(lines, (d.lnum + 1) .. ":" .. code_of(d))
  end
  return table.concat(lines, " ")
end

local function mockls_clients(bufnr)
  local found = {}
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == "mockls" then
      table.insert(found, client)
    end
  end
  return found
end

local function wait_for_summary(bufnr, expected, what)
  local ok = vim.wait(30000, function()
    return summary(bufnr) == expected
  end, 50)
  if not ok then
    fail(what .. ": " .. summary(bufnr) .. ", not " .. expected)
    return false
  end
  return true
end

support.run(function()
  support.setup_shipped_module()
  local root = os.getenv("MOCKLS_ROOT")

  -- The fixture alone: mockls starts in the Apollo project and publishes its diagnostics.
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_FIXTURE")))
  local fixture = vim.api.nvim_get_current_buf()
  if vim.bo[fixture].filetype ~= "json" then
    return fail("the fixture's filetype is " .. vim.bo[fixture].filetype)
  end
  -- `published` (nullable) missing, the rating a string for a Float, "Fiction" for the Genre enum, `isbn` unselected.
  if not wait_for_summary(fixture,
    "3:fixture-missing-field 7:fixture-wrong-type 8:fixture-unknown-enum-value 11:fixture-unselected-field",
    "fixture diagnostics") then
    return
  end
  local clients = mockls_clients(fixture)
  if #clients ~= 1 or clients[1].config.root_dir ~= root then
    return fail("mockls clients on the fixture: " .. vim.inspect(vim.tbl_map(function(c) return c.config.root_dir end, clients)))
  end
  say("ok fixture diagnostics " .. #vim.diagnostic.get(fixture))

  -- The quick fix, as a user asks for it: the cursor on the enum value's line, `vim.lsp.buf.code_action()`, and the
  -- action picked from the list Neovim offers (vim.ui.select, answered here).
  local picked = support.pick_code_action('Replace with "FICTION"')
  vim.api.nvim_win_set_cursor(0, { 8, 0 })
  vim.lsp.buf.code_action()
  local fixed = vim.wait(10000, function()
    return vim.api.nvim_buf_get_lines(fixture, 7, 8, false)[1]:find('"FICTION"', 1, true) ~= nil
  end, 50)
  if not fixed then
    return fail("quick fix: offered " .. vim.inspect(picked()) .. ", line 8 " .. vim.api.nvim_buf_get_lines(fixture, 7, 8, false)[1])
  end
  if vim.api.nvim_buf_get_lines(fixture, 7, 8, false)[1] ~= '      "genre": "FICTION",' then
    return fail("quick fix gave: " .. vim.api.nvim_buf_get_lines(fixture, 7, 8, false)[1])
  end
  say('ok quick fix Replace with "FICTION"')

  -- The diagnostics follow: the enum value's is gone; then a line added above the others (`published`, which was
  -- missing) removes one more and moves the rest down a line.
  if not wait_for_summary(fixture, "3:fixture-missing-field 7:fixture-wrong-type 11:fixture-unselected-field",
    "after the quick fix") then
    return
  end
  vim.api.nvim_buf_set_lines(fixture, 4, 4, false, { '      "published": null,' })
  if not wait_for_summary(fixture, "8:fixture-wrong-type 12:fixture-unselected-field", "after adding a line") then
    return
  end
  say("ok diagnostics follow edits")

  -- A Swift test of the same project is served by the same mockls.
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_SWIFT")))
  local swift = vim.api.nvim_get_current_buf()
  local shared = vim.wait(10000, function()
    local on_swift = mockls_clients(swift)
    return #on_swift == 1 and on_swift[1].id == clients[1].id
  end, 50)
  if not shared then
    return fail("mockls clients on the Swift test: " .. #mockls_clients(swift))
  end
  say("ok one mockls for the project")

  -- package.json in the project, and JSON outside any Apollo project: no mockls, and no other mockls started.
  for _, case in ipairs({ { "MOCKLS_PACKAGE", "package.json" }, { "MOCKLS_OUTSIDE", "outside JSON" } }) do
    vim.cmd("edit " .. vim.fn.fnameescape(os.getenv(case[1])))
    local bufnr = vim.api.nvim_get_current_buf()
    vim.wait(1000, function()
      return #mockls_clients(bufnr) > 0
    end, 50)
    if vim.bo[bufnr].filetype ~= "json" or #mockls_clients(bufnr) ~= 0 then
      return fail(case[2] .. ": filetype " .. vim.bo[bufnr].filetype .. ", " .. #mockls_clients(bufnr) .. " mockls clients")
    end
    say("ok " .. case[2] .. " left alone")
  end
  local running = 0
  for _, client in pairs(vim.lsp.get_active_clients()) do
    if client.name == "mockls" then
      running = running + 1
    end
  end
  if running ~= 1 then
    return fail(running .. " mockls clients running")
  end
end)
