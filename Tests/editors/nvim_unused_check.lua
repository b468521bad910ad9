-- Headless Neovim with the shipped module (editors/nvim) on a GraphQL document whose operation no Swift file of the
-- workspace names: mockls's `unused-operation` hint is shown, as a hint. Run by Tests/protocol/test_editors.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_unused_check.lua"
-- with MOCKLS_BIN, MOCKLS_GRAPHQL (the document) and MOCKLS_NVIM (the editors/nvim folder) set. Prints one "ok …"
-- line per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

support.run(function()
  support.setup_shipped_module()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_GRAPHQL")))
  local bufnr = vim.api.nvim_get_current_buf()

  local hints = {}
  local arrived = vim.wait(30000, function()
    hints = support.diagnostics_with_code(bufnr, "unused-operation")
    return #hints > 0
  end, 200)
  if not arrived then
    return fail("no unused-operation hint: " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end
  local hint = hints[1]
  if hint.severity ~= vim.diagnostic.severity.HINT or hint.lnum ~= 0 or hint.col ~= 9 then
    return fail("hint: " .. vim.inspect(hint))
  end
  if not string.find(hint.message, "RateMutation", 1, true) then
    return fail("message: " .. hint.message)
  end
  say("ok unused-operation hint")
end)
