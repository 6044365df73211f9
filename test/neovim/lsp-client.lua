-- Neovim's built-in LSP client (0.7 API: start_client + buf_attach_client) against
-- `svc-admin-spec lsp --stdio`: opens a file, records vim.diagnostic.get(), applies the fix-all
-- code action, saves, records the findings of the fixed text, and writes both as JSON.
-- Environment: SVC_NODE, SVC_CLI, SVC_FILE, SVC_OUT.
local function run()
  local file = os.getenv('SVC_FILE')
  vim.cmd('filetype on')
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()

  -- Count the server's publications, to wait for the findings of a given version of the buffer.
  local published = {}
  local handler = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    table.insert(published, result.version or -1)
    return handler(err, result, ctx, config)
  end
  local function wait_for_version(version)
    local ok = vim.wait(20000, function()
      return vim.tbl_contains(published, version)
    end, 20)
    if not ok then
      error('no diagnostics for version ' .. tostring(version))
    end
  end

  local client_id = vim.lsp.start_client({
    name = 'svc-admin-spec',
    cmd = { os.getenv('SVC_NODE'), os.getenv('SVC_CLI'), 'lsp', '--stdio' },
    root_dir = vim.fn.fnamemodify(file, ':h'),
  })
  assert(client_id, 'the server did not start')
  vim.lsp.buf_attach_client(bufnr, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  vim.wait(20000, function()
    return vim.lsp.util.buf_versions[bufnr] ~= nil
  end, 20)
  wait_for_version(vim.lsp.util.buf_versions[bufnr])
  local before = vim.diagnostic.get(bufnr)

  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = {
      start = { line = 0, character = 0 },
      ['end'] = { line = vim.api.nvim_buf_line_count(bufnr), character = 0 },
    },
    context = { diagnostics = {}, only = { 'source.fixAll' } },
  }
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', params, 20000)
  local action
  for _, response in pairs(responses or {}) do
    for _, a in ipairs(response.result or {}) do
      if a.kind == 'source.fixAll.svc-admin-spec' then
        action = a
      end
    end
  end
  assert(action, 'no fix-all code action')
  vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
  vim.cmd('write')
  wait_for_version(vim.lsp.util.buf_versions[bufnr])
  local after = vim.diagnostic.get(bufnr)

  local out = io.open(os.getenv('SVC_OUT'), 'w')
  out:write(vim.fn.json_encode({ before = before, after = after, action = action.title }))
  out:close()
  vim.lsp.stop_client(client_id)
end

local ok, err = pcall(run)
if not ok then
  io.stderr:write('lsp-client.lua: ' .. tostring(err) .. '\n')
  vim.cmd('cquit 1')
end
vim.cmd('qall!')
