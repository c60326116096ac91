-- Drives Neovim's own LSP client (0.7 and later) against `vaultwright lsp`
-- on the files the test prepared in $VW_DIR, and writes what the client
-- saw to $VW_OUT as JSON for the test to assert. Each step waits for the
-- server, never for a fixed time.
local bin, dir, out_path = os.getenv("VW_BIN"), os.getenv("VW_DIR"), os.getenv("VW_OUT")
local out = { steps = {} }

local function save()
  local f = io.open(out_path, "w")
  f:write(vim.fn.json_encode(out))
  f:close()
end

-- The 0-based line and column of the first `text` in the buffer.
local function find(text)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(0, 0, -1, false)) do
    local col = string.find(line, text, 1, true)
    if col then
      return i - 1, col - 1
    end
  end
  error("not in the buffer: " .. text)
end

local function at(line, col)
  return { textDocument = vim.lsp.util.make_text_document_params(), position = { line = line, character = col } }
end

-- The one client's answer to a request.
local function ask(method, params)
  local answers = vim.lsp.buf_request_sync(0, method, params, 10000) or {}
  for _, a in pairs(answers) do
    if a.error then
      return { error = a.error.message }
    end
    return a.result
  end
  return nil
end

local function open(name)
  vim.cmd("edit " .. dir .. "/" .. name)
  vim.lsp.buf_attach_client(0, out.client)
end

local function lines()
  return vim.api.nvim_buf_get_lines(0, 0, -1, false)
end

local ok, err = pcall(function()
  out.client = vim.lsp.start_client({
    name = "vaultwright",
    cmd = { bin, "lsp" },
    root_dir = dir,
    init_options = { noGuidelines = true },
  })

  -- A NetHack 3.4.3 level with a misspelt monster.
  open("castle.des")
  vim.wait(15000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  out.castle_diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    table.insert(out.castle_diagnostics, { line = d.lnum, message = d.message, code = code })
  end

  local l, c = find('"soldjer"')
  local completion = ask("textDocument/completion", at(l, c + 5))
  out.completion = {}
  for i, item in ipairs((completion or {}).items or completion or {}) do
    if i <= 5 then table.insert(out.completion, { label = item.label, detail = item.detail }) end
  end

  local hover = ask("textDocument/hover", at(l, c + 3))
  out.hover_misspelt = hover and hover.contents and hover.contents.value or vim.NIL
  local ml, mc = find("}|.....|")
  hover = ask("textDocument/hover", at(ml, mc + 1))
  out.hover_map = hover and hover.contents and hover.contents.value or vim.NIL

  -- The quick fix for the misspelt name, applied by the client.
  local actions = ask("textDocument/codeAction", {
    textDocument = vim.lsp.util.make_text_document_params(),
    range = { start = { line = l, character = c }, ["end"] = { line = l, character = c + 9 } },
    context = { diagnostics = {} },
  }) or {}
  out.actions = {}
  for _, a in ipairs(actions) do
    table.insert(out.actions, a.title)
  end
  if actions[1] and actions[1].edit then
    vim.lsp.util.apply_workspace_edit(actions[1].edit, "utf-16")
  end
  out.fixed_line = lines()[l + 1]
  -- The edit reached the server: the finding is gone.
  vim.wait(15000, function()
    for _, d in ipairs(vim.diagnostic.get(0)) do
      if d.lnum == l then return false end
    end
    return true
  end, 50)
  out.diagnostics_after_fix = #vim.tbl_filter(function(d) return d.lnum == l end, vim.diagnostic.get(0))

  local symbols = ask("textDocument/documentSymbol", { textDocument = vim.lsp.util.make_text_document_params() })
  out.symbols = vim.tbl_map(function(s) return s.name end, symbols or {})

  -- A DCSS vault file: a subvault's tag goes to the vault that carries it,
  -- and renaming it renames both.
  open("red_sonja.des")
  local sl, sc = find("SUBVAULT: B : red_sonja_temple")
  local definition = ask("textDocument/definition", at(sl, sc + 16))
  local first = definition and (definition[1] or definition) or {}
  out.definition = { uri = first.uri, line = first.range and first.range.start.line }

  local edit = ask("textDocument/rename", vim.tbl_extend("force", at(sl, sc + 16), { newName = "sonja_shrine" }))
  if edit and not edit.error then
    vim.lsp.util.apply_workspace_edit(edit, "utf-16")
  end
  out.rename = edit and edit.error or vim.NIL
  out.renamed = vim.tbl_filter(function(s) return string.find(s, "sonja_shrine", 1, true) ~= nil end, lines())

  local kl, kc = find("KMONS:  D = kobold")
  completion = ask("textDocument/completion", at(kl, kc + 22))
  out.dcss_completion = {}
  for i, item in ipairs((completion or {}).items or {}) do
    if i <= 3 then table.insert(out.dcss_completion, item.label) end
  end
end)

out.error = ok and vim.NIL or tostring(err)
save()
vim.cmd("qa!")
