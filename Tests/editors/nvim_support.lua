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

-- Loads the shipped module (editors/nvim, MOCKLS_NVIM) as the README says, starting mockls from MOCKLS_BIN.
function M.setup_shipped_module()
  vim.cmd("filetype on")
  vim.opt.runtimepath:append(os.getenv("MOCKLS_NVIM"))
  require("mockls").setup({ cmd = { os.getenv("MOCKLS_BIN") } })
end

return M
