-- Headless Neovim with the shipped module (editors/nvim): opens a scenario test file, waits for mockls's
-- diagnostics, completes at a `Mock<…>(` position and applies a quick fix. Run by Tests/protocol/test_editors.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_check.lua"
-- with MOCKLS_BIN, MOCKLS_FILE and MOCKLS_NVIM (the editors/nvim folder) set. Prints one "ok …" line per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

support.run(function()
  support.setup_shipped_module()
  -- sourcekit-lsp on the same buffer, as a Swift user has it.
  local sourcekit = os.getenv("SOURCEKIT_LSP")
  if sourcekit then
    vim.api.nvim_create_autocmd("FileType", {
      pattern = "swift",
      callback = function(args)
        local id = vim.lsp.start_client({ name = "sourcekit-lsp", cmd = { sourcekit }, root_dir = os.getenv("MOCKLS_ROOT") })
        vim.lsp.buf_attach_client(args.buf, id)
      end,
    })
  end
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()

  -- Diagnostics arrive once the workspace is indexed.
  local arrived = vim.wait(30000, function()
    return #vim.diagnostic.get(bufnr) >= 7
  end, 50)
  if not arrived then
    return fail("diagnostics: got " .. #vim.diagnostic.get(bufnr))
  end
  local codes = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    codes[d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"] = true
  end
  for _, code in ipairs({ "unset-field-read", "unknown-mock-field", "abstract-mock-type", "mock-type-mismatch" }) do
    if not codes[code] then
      return fail("diagnostics: no " .. code)
    end
  end
  say("ok diagnostics " .. #vim.diagnostic.get(bufnr))

  if sourcekit then
    local encodings = {}
    vim.wait(10000, function()
      local clients = vim.lsp.buf_get_clients(bufnr)
      encodings = {}
      for _, client in pairs(clients) do
        if client.initialized then
          encodings[client.name] = client.offset_encoding
        end
      end
      return encodings["sourcekit-lsp"] ~= nil and encodings["mockls"] ~= nil
    end, 50)
    if encodings["sourcekit-lsp"] ~= "utf-16" or encodings["mockls"] ~= "utf-16" then
      return fail("encodings beside sourcekit-lsp: " .. vim.inspect(encodings))
    end
    say("ok beside sourcekit-lsp, both utf-16")
  end

  -- Completion just inside `Mock<Dog>(` on line 12.
  local line = vim.api.nvim_buf_get_lines(bufnr, 11, 12, false)[1]
  local column = line:find("Mock<Dog>%(") + #"Mock<Dog>("
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = 11, character = column - 1 },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, "textDocument/completion", params, 10000) or {}
  local labels = {}
  for _, response in pairs(responses) do
    local result = response.result or {}
    for _, item in ipairs(result.items or result) do
      labels[item.label] = true
    end
  end
  -- Before `id:`, only the parameters that come before `id` compile there: `height`, not `predators`.
  if not (labels["height"] and labels["birthdate"]) or labels["predators"] then
    return fail("completion: " .. vim.inspect(vim.tbl_keys(labels)))
  end
  say("ok completion")

  -- Signature help at the same place, rendered by Neovim's own `convert_signature_help_to_markdown_lines`: the
  -- initializer's signature, with the parameter of the argument at the cursor (`id:`) highlighted.
  local help = vim.lsp.buf_request_sync(bufnr, "textDocument/signatureHelp", params, 10000) or {}
  local shown
  for _, response in pairs(help) do
    local result = response.result
    if result and result.signatures and #result.signatures > 0 then
      local lines, hl = vim.lsp.util.convert_signature_help_to_markdown_lines(result, "swift", { "(", "," })
      local label = lines[2] or ""
      if hl and label:find("Mock<Dog>(", 1, true) == 1 then
        shown = label:sub(hl[1] + 1, hl[2])
      end
    end
  end
  if shown ~= 'id: AnimalKingdomAPI.ID = ""' then
    return fail("signature help: " .. vim.inspect(shown))
  end
  say("ok signature help")

  -- `<C-x><C-o>` works as the README says: the module set omnifunc on attach.
  if vim.bo[bufnr].omnifunc ~= "v:lua.vim.lsp.omnifunc" then
    return fail("omnifunc: '" .. vim.bo[bufnr].omnifunc .. "'")
  end
  say("ok omnifunc")

  -- The quick fix of the unset `feet` on line 15 passes a `Mock<Height>` that sets it, on line 12.
  local feet
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.lnum == 14 then
      feet = d
    end
  end
  if not feet then
    return fail("no diagnostic on line 15")
  end
  local range = {
    start = { line = feet.lnum, character = feet.col },
    ["end"] = { line = feet.end_lnum, character = feet.end_col },
  }
  local code = feet.code or (feet.user_data and feet.user_data.lsp and feet.user_data.lsp.code)
  local lsp_diagnostic = { range = range, message = feet.message, code = code, severity = feet.severity, source = feet.source }
  local actions = vim.lsp.buf_request_sync(bufnr, "textDocument/codeAction", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = range,
    context = { diagnostics = { lsp_diagnostic } },
  }, 10000) or {}
  local applied = false
  for _, response in pairs(actions) do
    for _, action in ipairs(response.result or {}) do
      if not applied and action.edit then
        vim.lsp.util.apply_workspace_edit(action.edit, "utf-16")
        applied = true
      end
    end
  end
  if not applied then
    return fail("no code action")
  end
  local fixed = vim.api.nvim_buf_get_lines(bufnr, 11, 12, false)[1]
  if fixed ~= '    let dog = Mock<Dog>(height: Mock<Height>(feet: 0), id: "1", species: "Lab")' then
    return fail("quick fix gave: " .. fixed)
  end
  say("ok quick fix")
end)
