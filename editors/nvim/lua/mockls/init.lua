-- mockls for Neovim: starts the server for Swift and GraphQL buffers, beside sourcekit-lsp, and for JSON files inside
-- an Apollo project (response fixtures, `X.variables.json`, `apollo-codegen-config.json`), which it checks against
-- the operations, with quick fixes. Other JSON is left alone: a JSON file with no folder above it (up to the
-- repository's top, a folder with `.git`, or the file system's root) holding an Apollo or graphql-config
-- configuration, and package.json, package-lock.json, tsconfig.json and Contents.json anywhere.
--
--   require("mockls").setup()                          -- `mockls` on $PATH
--   require("mockls").setup({ cmd = { "/path/to/mockls" } })
--
-- Works on Neovim 0.7 (vim.lsp.start_client), 0.8 to 0.10 (vim.lsp.start) and 0.11+ (vim.lsp.config and
-- vim.lsp.enable). mockls answers in UTF-16 positions, as sourcekit-lsp does, so both can serve one buffer.
local M = {}

-- A folder with one of these holds an Apollo project (or a graphql-config one).
M.project_markers = {
  "apollo-codegen-config.json",
  ".graphqlrc",
  ".graphqlrc.yml",
  ".graphqlrc.yaml",
  ".graphqlrc.json",
  "graphql.config.yml",
  "graphql.config.yaml",
  "graphql.config.json",
}

-- A folder with one of these is the workspace root of a Swift or GraphQL buffer; the nearest one wins.
M.root_markers = vim.list_extend(vim.deepcopy(M.project_markers), { "Package.swift" })

-- JSON files that are never a response fixture (mockls ignores them too).
M.ignored_json = { "package.json", "package-lock.json", "tsconfig.json", "Contents.json" }

M.filetypes = { "swift", "graphql", "json" }

local function exists(path)
  return vim.loop.fs_stat(path) ~= nil
end

-- The nearest folder at or above the folder of `path` that holds one of `markers`; nil when there is none up to the
-- file system's root, or, with `within_repository`, up to the repository's top (a folder with `.git`).
local function nearest(path, markers, within_repository)
  local dir = vim.fn.fnamemodify(path, ":p:h")
  while true do
    for _, marker in ipairs(markers) do
      if exists(dir .. "/" .. marker) then
        return dir
      end
    end
    local parent = vim.fn.fnamemodify(dir, ":h")
    if parent == dir or (within_repository and exists(dir .. "/.git")) then
      return nil
    end
    dir = parent
  end
end

-- The Apollo project a file is in: the nearest folder holding one of M.project_markers, within its repository.
function M.find_project(path)
  return nearest(path, M.project_markers, true)
end

-- The nearest folder above `path` that holds a root marker, else the file's own folder.
function M.find_root(path)
  return nearest(path, M.root_markers, false) or vim.fn.fnamemodify(path, ":p:h")
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

-- The root mockls serves the file `path` of filetype `filetype` from, or nil when mockls is not for it: a Swift or
-- GraphQL file's (M.find_root), a JSON file's Apollo project (M.find_project), none for other JSON.
function M.root_for_path(path, filetype)
  if filetype ~= "json" then
    return M.find_root(path)
  end
  local file = vim.fn.fnamemodify(path, ":t")
  if not file:match("%.json$") or vim.tbl_contains(M.ignored_json, file) then
    return nil
  end
  return M.find_project(path)
end

-- The same for buffer `bufnr`: nil for a buffer that is no file.
function M.root_for(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == "" or vim.bo[bufnr].buftype ~= "" then
    return nil
  end
  return M.root_for_path(name, vim.bo[bufnr].filetype)
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
  local root = M.root_for(bufnr)
  if not root then
    return
  end
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
      -- Called for each buffer of those filetypes: mockls starts (or is reused) only when it calls on_dir.
      root_dir = function(bufnr, on_dir)
        local root = M.root_for(bufnr)
        if root then
          on_dir(root)
        end
      end,
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
