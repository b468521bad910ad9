-- Headless Neovim with the shipped module (editors/nvim) on a GraphQL document whose field no Swift code reads:
-- mockls's `unused-field` hint is shown, as a hint on the field; the quick fix `vim.lsp.buf.code_action()` offers
-- removes the field's line from the buffer, and the hint goes. Run by Tests/protocol/test_editors.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_unused_field_check.lua"
-- with MOCKLS_BIN, MOCKLS_GRAPHQL (the document) and MOCKLS_NVIM (the editors/nvim folder) set. Prints one "ok …"
-- line per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

local function unused_fields(bufnr)
  return support.diagnostics_with_code(bufnr, "unused-field")
end

support.run(function()
  support.setup_shipped_module()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_GRAPHQL")))
  local bufnr = vim.api.nvim_get_current_buf()

  local hints = {}
  local arrived = vim.wait(30000, function()
    hints = unused_fields(bufnr)
    return #hints > 0
  end, 200)
  if not arrived then
    return fail("no unused-field hint: " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end
  local hint = hints[1]
  if #hints ~= 1 or hint.severity ~= vim.diagnostic.severity.HINT or hint.lnum ~= 6 or hint.col ~= 6 then
    return fail("hints: " .. vim.inspect(hints))
  end
  if not string.find(hint.message, "coAuthors.born", 1, true) then
    return fail("message: " .. hint.message)
  end
  say("ok unused-field hint")

  -- The quick fix, as a user asks for it: the cursor on the field's line, `vim.lsp.buf.code_action()`, and the
  -- action picked from the list Neovim offers (vim.ui.select, answered here).
  local picked = support.pick_code_action("Remove born from query Book")
  vim.api.nvim_win_set_cursor(0, { 7, 0 })
  vim.lsp.buf.code_action()
  local expected = { "    coAuthors {", "      name", "    }" }
  local fixed = vim.wait(10000, function()
    return vim.deep_equal(vim.api.nvim_buf_get_lines(bufnr, 4, 7, false), expected)
  end, 50)
  if not fixed then
    return fail("quick fix: offered " .. vim.inspect((picked())) .. ", lines " .. vim.inspect(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)))
  end
  say("ok quick fix removes the field")

  local gone = vim.wait(10000, function()
    return #unused_fields(bufnr) == 0
  end, 50)
  if not gone then
    return fail("the hint stayed: " .. vim.inspect(unused_fields(bufnr)))
  end
  say("ok the hint goes")
end)
