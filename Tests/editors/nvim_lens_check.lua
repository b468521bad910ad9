-- Headless Neovim with the shipped module (editors/nvim) on a GraphQL document: mockls's coverage lenses appear on
-- its fields, and running the lens of a field the tests touch names them. Run by Tests/protocol/test_editors.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_lens_check.lua"
-- with MOCKLS_BIN, MOCKLS_GRAPHQL (the document) and MOCKLS_NVIM (the editors/nvim folder) set. Prints one "ok …"
-- line per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

support.run(function()
  support.setup_shipped_module()
  local messages = support.shown_messages()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_GRAPHQL")))
  local bufnr = vim.api.nvim_get_current_buf()

  -- The module asks for the lenses on attach; the workspace is indexed in the background, so ask until they come.
  local titles = {}
  local asked = 0
  local arrived = vim.wait(30000, function()
    titles = {}
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
      if lens.command then
        titles[lens.range.start.line] = lens.command.title
      end
    end
    asked = asked + 1
    if next(titles) == nil and asked % 5 == 0 and #vim.lsp.buf_get_clients(bufnr) > 0 then
      vim.lsp.codelens.refresh()
    end
    return next(titles) ~= nil
  end, 200)
  if not arrived then
    return fail("no lenses")
  end
  if titles[1] ~= "set in 3 tests · read in 3" or titles[3] ~= "no test sets or reads this" then
    return fail("lenses: " .. vim.inspect(titles))
  end
  say("ok lenses " .. vim.tbl_count(titles))

  -- The lens of `book` (line 2): its three tests are named (Neovim 0.7 cannot be asked to show a document).
  vim.api.nvim_win_set_cursor(0, { 2, 2 })
  vim.lsp.codelens.run()
  vim.wait(10000, function()
    return #messages > 0
  end, 50)
  if messages[1] ~= "3 tests: BookQueryTests.swift:7, BookQueryTests.swift:21, BookQueryTests.swift:31" then
    return fail("run: " .. vim.inspect(messages))
  end
  say("ok run")
end)
