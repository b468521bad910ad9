-- mockls for Neovim: starts the server for Swift and GraphQL buffers, beside sourcekit-lsp.
--
--   require("mockls").setup()                          -- `mockls` on $PATH
--   require("mockls").setup({ cmd = { "/path/to/mockls" } })
--
-- Works on Neovim 0.7 (vim.lsp.start_client), 0.8 to 0.10 (vim.lsp.start) and 0.11+ (vim.lsp.config and
-- vim.lsp.enable). mockls answers in UTF-16 positions, as sourcekit-lsp does, so both can serve one buffer.
local M = {}

-- A folder with one of these is a workspace root; the nearest one wins.
M.root_markers = {
  "apollo-codegen-config.json",
  ".graphqlrc",
  ".graphqlrc.yml",
  ".graphqlrc.yaml",
  ".graphqlrc.json",
  "graphql.config.yml",
  "graphql.config.yaml",
  "graphql.config.json",
  "Package.swift",
}

M.filetypes = { "swift", "graphql" }

local function exists(path)
  return vim.loop.fs_stat(path) ~= nil
end

-- The nearest folder above `path` that holds a root marker, else the file's own folder.
function M.find_root(path)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  local start = dir
  while true do
    for _, marker in ipairs(M.root_markers) do
      if exists(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir then
      return start
    end
    dir = parent
  end
end

-- In a GraphQL buffer, mockls's coverage lenses ("set in 3 tests · read in 1" on each field): shown at once and
-- asked for again when the buffer is entered, left or rested on, since tests change in other buffers. Neovim 0.7
-- to 0.9 only show lenses they are asked for; `vim.lsp.codelens.run()` on a lens's line names (or opens) its tests.
local function show_coverage_lenses(client, bufnr)
  local capabilities = client.server_capabilities or client.resolved_capabilities or {}
  if vim.bo[bufnr].filetype ~= "graphql" or not vim.lsp.codelens or capabilities.codeLensProvider == nil then
    return
  end
  local function refresh()
    if vim.api.nvim_get_current_buf() == bufnr then
      vim.lsp.codelens.refresh()
    end
  end
  vim.api.nvim_create_autocmd({ "BufEnter", "InsertLeave", "CursorHold" }, { buffer = bufnr, callback = refresh })
  refresh()
end

-- On attach: `<C-x><C-o>` completes from the language servers (omnifunc), unless something set it already; coverage
-- lenses in GraphQL buffers; then the user's own on_attach. (nvim-cmp and friends need no omnifunc; on 0.11+
-- `vim.lsp.completion.enable` gives completion as you type.)
local function on_attach(opts)
  return function(client, bufnr)
    if vim.bo[bufnr].omnifunc == "" then
      vim.bo[bufnr].omnifunc = "v:lua.vim.lsp.omnifunc"
    end
    show_coverage_lenses(client, bufnr)
    if opts.on_attach then
      opts.on_attach(client, bufnr)
    end
  end
end

local function client_config(opts, root)
  return {
    name = "mockls",
    cmd = opts.cmd or { "mockls" },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = vim.fn.fnamemodify(root, ":t") } },
    capabilities = opts.capabilities or vim.lsp.protocol.make_client_capabilities(),
    on_attach = on_attach(opts),
  }
end

-- Neovim 0.7 has no vim.lsp.start: one client per root, attached to each buffer.
local clients_by_root = {}

-- Starts (or reuses) mockls for the workspace of buffer `bufnr` and attaches it.
function M.attach(bufnr, opts)
  opts = opts or {}
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" then
    return
  end
  local root = M.find_root(name)
  local config = client_config(opts, root)
  if vim.lsp.start then
    return vim.lsp.start(config, { bufnr = bufnr })
  end
  local id = clients_by_root[root]
  if not id or not vim.lsp.get_client_by_id(id) then
    id = vim.lsp.start_client(config)
    clients_by_root[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

function M.setup(opts)
  opts = opts or {}
  -- `.graphql`, `.graphqls` and `.gql` are GraphQL documents (older Neovims do not know them).
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { graphql = "graphql", graphqls = "graphql", gql = "graphql" } })
  end
  if vim.lsp.config and vim.lsp.enable then
    vim.lsp.config("mockls", {
      cmd = opts.cmd or { "mockls" },
      filetypes = M.filetypes,
      root_markers = M.root_markers,
      capabilities = opts.capabilities,
      on_attach = on_attach(opts),
    })
    vim.lsp.enable("mockls")
    return
  end
  local group = vim.api.nvim_create_augroup("mockls", { clear = true })
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = M.filetypes,
    callback = function(args)
      M.attach(args.buf, opts)
    end,
  })
end

return M
