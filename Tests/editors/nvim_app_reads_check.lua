-- Headless Neovim with the shipped module (editors/nvim) on a GraphQL document of a workspace with app code: a field
-- the app reads has two lenses, the tests' and the app's ("read in 1 app file"), and running the app's (picked from
-- the two, as `vim.ui.select` offers them) names the app's read; definition from a view's read (`coAuthors`) through a
-- view model declared in another file goes to the field's selection. Run by Tests/protocol/test_editors.py:
--   nvim --headless -u NONE -i NONE -c "luafile Tests/editors/nvim_app_reads_check.lua"
-- with MOCKLS_BIN, MOCKLS_GRAPHQL (the document), MOCKLS_VIEW (the view) and MOCKLS_NVIM (the editors/nvim folder)
-- set. Prints one "ok …" line per check, or "FAIL …" and exits non-zero.
local support = dofile("Tests/editors/nvim_support.lua")
local say, fail = support.say, support.fail

support.run(function()
  support.setup_shipped_module()
  local messages = support.shown_messages()
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_GRAPHQL")))
  local bufnr = vim.api.nvim_get_current_buf()
  local published = vim.fn.search("^    published$") - 1

  -- The lenses' titles on `published`'s line, once the app's has come (the workspace is indexed in the background).
  local titles = {}
  local asked = 0
  local arrived = vim.wait(30000, function()
    titles = {}
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
      if lens.command and lens.range.start.line == published then
        table.insert(titles, lens.command.title)
      end
    end
    asked = asked + 1
    if #titles < 2 and asked % 5 == 0 and #vim.lsp.buf_get_clients(bufnr) > 0 then
      vim.lsp.codelens.refresh()
    end
    return #titles == 2
  end, 200)
  if not arrived or titles[2] ~= "read in 1 app file" then
    return fail("lenses on published: " .. vim.inspect(titles))
  end
  say("ok two lenses")

  -- Run on the line: Neovim offers both; the app's is picked.
  local offered = {}
  vim.ui.select = function(items, options, choose)
    for _, item in ipairs(items) do
      table.insert(offered, options.format_item(item))
    end
    for _, item in ipairs(items) do
      if options.format_item(item) == "read in 1 app file" then
        return choose(item)
      end
    end
    choose(nil)
  end
  vim.api.nvim_win_set_cursor(0, { published + 1, 4 })
  vim.lsp.codelens.run()
  vim.wait(10000, function()
    return #messages > 0
  end, 50)
  if #offered ~= 2 or messages[1] ~= "1 app read: BookScreen.swift:8" then
    return fail("run: offered " .. vim.inspect(offered) .. ", said " .. vim.inspect(messages))
  end
  say("ok the app's reads")

  -- A view reads `coAuthors` through a view model declared in another file: definition goes to the selection.
  local co_authors = vim.fn.search("^    coAuthors {$")
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("MOCKLS_VIEW")))
  local view = vim.api.nvim_get_current_buf()
  local line = vim.fn.search("coAuthors")
  local attached = vim.wait(10000, function()
    return #vim.lsp.buf_get_clients(view) > 0
  end, 50)
  if not attached then
    return fail("no client on the view")
  end
  vim.api.nvim_win_set_cursor(0, { line, vim.fn.col(".") + 1 })
  vim.lsp.buf.definition()
  local jumped = vim.wait(10000, function()
    return vim.api.nvim_get_current_buf() == bufnr
  end, 50)
  local cursor = vim.api.nvim_win_get_cursor(0)
  if not jumped or cursor[1] ~= co_authors or cursor[2] ~= 4 then
    return fail("definition from the view: " .. vim.api.nvim_buf_get_name(0) .. " " .. vim.inspect(cursor))
  end
  say("ok definition through the view model")
end)
