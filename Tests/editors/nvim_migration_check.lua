-- Headless Neovim with the shipped module (editors/nvim) on a 1.x test file in a project pinned to Apollo iOS 2:
-- mockls reports each synchronous `from(_:)` as an error (`sync-from`) and `GraphQLResult` (`graphql-result`); the
-- quick fix "Migrate this file to Apollo iOS 2", picked from `vim.lsp.buf.code_action()`'s menu, rewrites the buffer as
-- `mockls migrate --to 2` would (`await`, `async`, `GraphQLResponse<…>`), and the errors go. Run by
-- Tests/protocol/test_editors.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_migration_check.lua"
-- with MOCKLS_BIN, MOCKLS_FILE (the test file) and MOCKLS_NVIM (the editors/nvim folder) set. Prints one "ok …" line
-- per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

local function migration_errors(bufnr)
  local found = {}
  for _, code in ipairs({ "sync-from", "graphql-result" }) do
    for _, diagnostic in ipairs(support.diagnostics_with_code(bufnr, code)) do
      table.insert(found, diagnostic)
    end
  end
  return found
end

support.run(function()
  support.setup_shipped_module()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_FILE")))
  local bufnr = vim.api.nvim_get_current_buf()

  local errors = {}
  local arrived = vim.wait(30000, function()
    errors = migration_errors(bufnr)
    return #errors >= 4
  end, 200)
  if not arrived then
    return fail("no Apollo iOS 2 errors: " .. vim.inspect(vim.diagnostic.get(bufnr)))
  end
  local first = support.diagnostics_with_code(bufnr, "sync-from")[1]
  if #errors ~= 4 or first.severity ~= vim.diagnostic.severity.ERROR or first.lnum ~= 7
    or not string.find(first.message, "async", 1, true) then
    return fail("errors: " .. vim.inspect(errors))
  end
  say("ok apollo 2 errors 4")

  -- The whole file's fix, as a user asks for it: the cursor on the first error, the action picked from the menu.
  local picked = support.pick_code_action("Migrate this file to Apollo iOS 2")
  vim.api.nvim_win_set_cursor(0, { first.lnum + 1, first.col })
  vim.lsp.buf.code_action()
  local function text()
    return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), "\n")
  end
  local migrated = vim.wait(10000, function()
    return string.find(text(), "func testName() async {", 1, true) ~= nil
  end, 50)
  if not migrated then
    return fail("quick fix: offered " .. vim.inspect((picked())) .. ", text " .. text())
  end
  for _, expected in ipairs({
    "let data = await DogQuery.Data.from(",
    "let data2 = await DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: \"2\", name: \"Max\")))\n        XCTAssertEqual(data2.dog?.id, \"2\")",
    "let result = GraphQLResponse<DogQuery>(data: data,",
    "func makeData() async -> DogQuery.Data {",
    "return await .from(Mock<Query>())",
    "let data = await makeData()",
  }) do
    if not string.find(text(), expected, 1, true) then
      return fail("missing " .. expected .. " in " .. text())
    end
  end
  say("ok quick fix migrates the file")

  local gone = vim.wait(10000, function()
    return #migration_errors(bufnr) == 0
  end, 50)
  if not gone then
    return fail("the errors stayed: " .. vim.inspect(migration_errors(bufnr)))
  end
  say("ok the errors go")
end)
