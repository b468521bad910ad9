-- What the headless Neovim checks share (Tests/editors/nvim_*check.lua, run from the repository's root): one "ok …"
-- line per check passed, "FAIL …" and exit status 1 for the first that fails.
local M = {}

function M.say(line)
  io.stdout:write(line .. "\n")
end

function M.fail(message)
  M.say("FAIL " .. message)
  vim.cmd("cquit 1")
end

-- Runs `body` (which returns M.fail(…) on a failed check), fails on an error it raises, then quits.
function M.run(body)
  local ok, err = pcall(body)
  if not ok then
    M.fail(tostring(err))
  end
  vim.cmd("qall!")
end

-- Answers Neovim's code action menu (vim.ui.select) as a user does: picks the action whose title contains `title`.
-- Returns a function that gives the titles last offered and whether one was picked.
function M.pick_code_action(title)
  local offered, chosen = {}, false
  vim.ui.select = function(items, opts, on_choice)
    offered = {}
    for index, item in ipairs(items) do
      local label = (opts.format_item and opts.format_item(item)) or item.title or (item[2] and item[2].title)
      table.insert(offered, label)
      if tostring(label):find(title, 1, true) then
        chosen = true
        return on_choice(item, index)
      end
    end
    on_choice(nil)
  end
  return function()
    return offered, chosen
  end
end

-- The diagnostics of `bufnr` whose code is `code`.
function M.diagnostics_with_code(bufnr, code)
  return vim.tbl_filter(function(diagnostic)
    return diagnostic.code == code
  end, vim.diagnostic.get(bufnr))
end

-- The messages mockls shows (`window/showMessage`) from now on, in the list returned, as they come.
function M.shown_messages()
  local messages = {}
  vim.lsp.handlers["window/showMessage"] = function(_, result)
    table.insert(messages, result.message)
  end
  return messages
end

-- Loads the shipped module (editors/nvim, MOCKLS_NVIM) as the README says, starting mockls from MOCKLS_BIN.
function M.setup_shipped_module()
  vim.cmd("filetype on")
  vim.opt.runtimepath:append(os.getenv("MOCKLS_NVIM"))
  require("mockls").setup({ cmd = { os.getenv("MOCKLS_BIN") } })
end

return M
