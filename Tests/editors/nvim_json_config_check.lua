-- Headless Neovim with the shipped module (editors/nvim) on the Apollo configuration: the Bookshelf copy's
-- apollo-codegen-config.json names a schema path that matches no file when Neovim starts, so the response fixture
-- gets no diagnostics; the configuration, opened in Neovim, gets mockls (and a diagnostic where it is wrong), is
-- fixed in the buffer and written with `:write`, and the fixture's diagnostics come back. Neovim 0.7 watches no
-- files for a server: mockls learns of the change from `textDocument/didSave`. Run by
-- Tests/protocol/test_editor_json.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_json_config_check.lua"
-- with MOCKLS_BIN, MOCKLS_NVIM (the editors/nvim folder), MOCKLS_ROOT (the Bookshelf copy), MOCKLS_FIXTURE (its
-- Tests/Fixtures/BookQuery.json), MOCKLS_BROKEN and MOCKLS_FIXED (the wrong and the right schema path) set. Prints
-- one "ok …" line per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

local function codes(bufnr)
  local found = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    table.insert(found, d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?")
  end
  table.sort(found)
  return table.concat(found, " ")
end

local function mockls_client(bufnr)
  for _, client in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if client.name == "mockls" then
      return client
    end
  end
end

support.run(function()
  support.setup_shipped_module()
  local root = os.getenv("MOCKLS_ROOT")

  -- The fixture first: mockls runs for it, with no schema to check it against.
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_FIXTURE")))
  local fixture = vim.api.nvim_get_current_buf()
  local started = vim.wait(10000, function()
    local client = mockls_client(fixture)
    return client ~= nil and client.initialized
  end, 50)
  if not started then
    return fail("no mockls on the fixture")
  end
  vim.wait(2000, function()
    return #vim.diagnostic.get(fixture) > 0
  end, 50)
  if #vim.diagnostic.get(fixture) ~= 0 then
    return fail("fixture diagnostics with a broken configuration: " .. codes(fixture))
  end
  say("ok no fixture diagnostics")

  -- The configuration, in the same mockls, marked where it is wrong.
  vim.cmd("edit " .. vim.fn.fnameescape(root .. "/apollo-codegen-config.json"))
  local config = vim.api.nvim_get_current_buf()
  local attached = vim.wait(10000, function()
    local client = mockls_client(config)
    return client ~= nil and client.id == mockls_client(fixture).id
  end, 50)
  if not attached then
    return fail("mockls on the configuration: " .. vim.inspect(mockls_client(config) and mockls_client(config).id))
  end
  local marked = vim.wait(10000, function()
    return codes(config) ~= ""
  end, 50)
  if not marked then
    return fail("configuration diagnostics: " .. codes(config))
  end
  say("ok configuration marked")

  -- Fixed in the buffer, then written.
  local broken, fixed = os.getenv("MOCKLS_BROKEN"), os.getenv("MOCKLS_FIXED")
  local lines = vim.api.nvim_buf_get_lines(config, 0, -1, false)
  local changed = false
  for index, line in ipairs(lines) do
    local at = line:find(broken, 1, true)
    if at then
      vim.api.nvim_buf_set_lines(config, index - 1, index, false, { line:sub(1, at - 1) .. fixed .. line:sub(at + #broken) })
      changed = true
    end
  end
  if not changed then
    return fail("no " .. broken .. " in the configuration")
  end
  vim.cmd("write")
  local back = vim.wait(30000, function()
    return codes(fixture) == "fixture-missing-field fixture-unknown-enum-value fixture-unselected-field fixture-wrong-type"
  end, 50)
  if not back then
    return fail("fixture diagnostics after :write: " .. codes(fixture) .. "; configuration: " .. codes(config))
  end
  say("ok fixture diagnostics after :write " .. #vim.diagnostic.get(fixture))
  local clean = vim.wait(10000, function()
    return codes(config) == ""
  end, 50)
  if not clean then
    return fail("the configuration is still marked: " .. codes(config))
  end
  say("ok configuration clean")
end)
