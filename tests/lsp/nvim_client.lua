-- Neovim's built-in LSP client against `angelc lsp` (run by tests/cli/lsp.sh):
--   ANGELC=build/angelc LSP_PROJECT=tests/lsp/project nvim --headless -u NONE -i NONE -n \
--     -c 'luafile tests/lsp/nvim_client.lua'
-- Opens the project's main.as (which #includes lib/shapes.as), waits for the compiler's
-- diagnostics, fixes the error and waits for them to clear, then asks for hover, definition,
-- completion, signatureHelp, references, rename and documentSymbol. Every wait is bounded; the editor exits with
-- status 1 if a check failed (or the script broke), 0 otherwise.
local angelc = assert(os.getenv("ANGELC"), "ANGELC is not set")
local project = vim.fn.fnamemodify(assert(os.getenv("LSP_PROJECT"), "LSP_PROJECT is not set"), ":p"):gsub("/$", "")
local checks, failures = 0, 0

local function check(ok, what, got)
  checks = checks + 1
  if not ok then
    failures = failures + 1
    io.stderr:write("FAIL: " .. what .. (got ~= nil and (": " .. vim.inspect(got)) or "") .. "\n")
  end
end

local function run()
  vim.cmd("edit " .. vim.fn.fnameescape(project .. "/main.as"))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  local client_id = vim.lsp.start_client({
    name = "angelc",
    cmd = { angelc, "lsp" },
    root_dir = project,
    flags = { debounce_text_changes = 10 },
  })
  check(client_id ~= nil, "the client started")
  vim.lsp.buf_attach_client(buf, client_id)
  local up = vim.wait(10000, function()
    local client = vim.lsp.get_client_by_id(client_id)
    return client == nil or client.server_capabilities ~= nil
  end, 50)
  local client = vim.lsp.get_client_by_id(client_id)
  if not (up and client and client.server_capabilities) then error("the server did not initialize") end
  check(client.offset_encoding == "utf-16", "UTF-16 positions", client.offset_encoding)

  -- the compiler's error: the ';' missing after `scale(2)` (0-based line 12)
  local got = vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  local diags = vim.diagnostic.get(buf)
  check(got, "diagnostics arrived")
  check(diags[1] and diags[1].message == "Expected ',' or ';'", "the compiler's message", diags[1])
  check(diags[1] and diags[1].severity == vim.diagnostic.severity.ERROR, "an error", diags[1])
  check(diags[1] and diags[1].lnum == 13, "on the line the compiler reports", diags[1])

  -- fixed: the list clears
  vim.api.nvim_buf_set_lines(buf, 12, 13, true, { "    int a = r.area() + scale(2);" })
  got = vim.wait(15000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
  check(got, "the diagnostics cleared once fixed", vim.diagnostic.get(buf))

  local function position_of(text, shift)
    for l, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, true)) do
      local col = line:find(text, 1, true)
      if col then return { line = l - 1, character = col - 1 + (shift or 0) } end
    end
    error("no line has " .. text)
  end
  local function request(method, pos)
    local params = { textDocument = { uri = uri }, position = pos }
    local replies = vim.lsp.buf_request_sync(buf, method, params, 10000)
    local reply = replies and replies[client_id]
    check(reply ~= nil and reply.err == nil, method .. " answered", reply)
    return reply and reply.result
  end
  local function labels(result)
    local list = result and (result.items or result) or {}
    local set = {}
    for _, item in ipairs(list) do set[item.label] = true end
    return set
  end

  -- hover: a method through a local's type, a function of the included file with its comment
  local hover = request("textDocument/hover", position_of("area()", 1))
  local text = hover and hover.contents and hover.contents.value or ""
  check(text:find("int Rect::area() const", 1, true), "hover on r.area()", text)
  hover = request("textDocument/hover", position_of("scale(2)", 1))
  text = hover and hover.contents and hover.contents.value or ""
  check(text:find("int scale(int x)", 1, true) and text:find("Multiplies by ten.", 1, true), "hover on scale", text)
  hover = request("textDocument/hover", position_of("println", 2))
  text = hover and hover.contents and hover.contents.value or ""
  check(text:find("void println(const string&in)", 1, true) and text:find("newline", 1, true),
        "hover on a registered function shows its documentation", text)

  -- definition: into the included file
  local def = request("textDocument/definition", position_of("scale(2)", 1))
  local loc = def and (def[1] or def)
  check(loc and loc.uri == vim.uri_from_fname(project .. "/lib/shapes.as") and loc.range.start.line == 8,
        "definition of scale in lib/shapes.as", def)
  def = request("textDocument/definition", position_of("Rect r", 1))
  loc = def and (def[1] or def)
  check(loc and loc.uri:match("shapes%.as$") and loc.range.start.line == 1, "definition of Rect", def)
  def = request("textDocument/definition", position_of("(counter)", 1))
  loc = def and (def[1] or def)
  check(loc and loc.uri == uri and loc.range.start.line == 2, "definition of a global", def)

  -- completion: members after '.', a namespace's after '::', everything else at a statement
  local items = labels(request("textDocument/completion", position_of("r.w", 2)))
  check(items.area and items.w and items.h and not items.println, "members of Rect after r.", items)
  items = labels(request("textDocument/completion", position_of("util::twice", 6)))
  check(items.twice and not items.main, "util:: members", items)
  items = labels(request("textDocument/completion", position_of("    r.w", 4)))
  check(items.r and items.println and items.Rect and items.scale and items.counter and items["while"] and items.util,
        "locals, registered and script globals, types, keywords, namespaces", vim.tbl_count(items))

  -- signature help inside scale(
  local sig = request("textDocument/signatureHelp", position_of("scale(2)", 6))
  check(sig and sig.signatures and sig.signatures[1] and sig.signatures[1].label == "int scale(int x)",
        "signature help for scale", sig)

  -- references: a member through the included class, a global (with and without its declaration)
  local shapes_uri = vim.uri_from_fname(project .. "/lib/shapes.as")
  local function spots(result)
    local list = {}
    for _, l in ipairs(result or {}) do
      list[#list + 1] = (l.uri == uri and "main" or l.uri == shapes_uri and "shapes" or l.uri) .. ":" .. l.range.start.line .. ":" .. l.range.start.character
    end
    table.sort(list)
    return table.concat(list, " ")
  end
  local function references(pos, include)
    local replies = vim.lsp.buf_request_sync(buf, "textDocument/references",
      { textDocument = { uri = uri }, position = pos, context = { includeDeclaration = include } }, 10000)
    local reply = replies and replies[client_id]
    check(reply ~= nil and reply.err == nil, "textDocument/references answered", reply)
    return reply and reply.result
  end
  local got_refs = spots(references(position_of("r.w", 2), true))
  check(got_refs == "main:11:6 shapes:2:8 shapes:4:30", "references of Rect::w", got_refs)
  got_refs = spots(references(position_of("(counter)", 1), true))
  check(got_refs == "main:13:38 main:2:4", "references of the global counter", got_refs)
  got_refs = spots(references(position_of("(counter)", 1), false))
  check(got_refs == "main:13:38", "references without the declaration", got_refs)

  -- rename: scale in both files, applied by the editor; a registered function refused
  local function rename(pos, new_name)
    local replies = vim.lsp.buf_request_sync(buf, "textDocument/rename",
      { textDocument = { uri = uri }, position = pos, newName = new_name }, 10000)
    return replies and replies[client_id]
  end
  local reply = rename(position_of("scale(2)", 1), "grow")
  local edits = {}
  for u, list in pairs(reply and reply.result and reply.result.changes or {}) do
    for _, e in ipairs(list) do
      edits[#edits + 1] = (u == uri and "main" or u == shapes_uri and "shapes" or u) .. ":" .. e.range.start.line .. ":" .. e.range.start.character .. ":" .. e.newText
    end
  end
  table.sort(edits)
  check(table.concat(edits, " ") == "main:12:23:grow shapes:8:4:grow", "rename edits", edits)
  if reply and reply.result then
    vim.lsp.util.apply_workspace_edit(reply.result, "utf-16")
    check(vim.api.nvim_buf_get_lines(buf, 12, 13, true)[1] == "    int a = r.area() + grow(2);", "the rename applied in main.as",
          vim.api.nvim_buf_get_lines(buf, 12, 13, true)[1])
    local shapes_buf = vim.fn.bufnr(project .. "/lib/shapes.as")
    check(shapes_buf > 0 and vim.api.nvim_buf_get_lines(shapes_buf, 8, 9, true)[1] == "int grow(int x) { return x * 10; }",
          "the rename applied in lib/shapes.as", shapes_buf > 0 and vim.api.nvim_buf_get_lines(shapes_buf, 8, 9, true) or shapes_buf)
  end
  reply = rename(position_of("println", 2), "say")
  local refusal = reply and (reply.err or reply.error)   -- Neovim 0.7 gives the response's `error` as is
  check(refusal and refusal.message and refusal.message:find("registered", 1, true),
        "renaming a registered function is refused", reply)

  -- document symbols: the global, the namespace with its function, main
  local params = { textDocument = { uri = uri } }
  local replies = vim.lsp.buf_request_sync(buf, "textDocument/documentSymbol", params, 10000)
  local syms = replies and replies[client_id] and replies[client_id].result or {}
  local names = {}
  for _, s in ipairs(syms) do
    names[#names + 1] = s.name
    for _, child in ipairs(s.children or {}) do names[#names + 1] = s.name .. "::" .. child.name end
  end
  check(table.concat(names, " ") == "counter util util::twice main", "document symbols", names)

  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

-- A project (tests/lsp/multi): angelc.json names two entry scripts that both #include
-- common/config.as and common/util.as, the host's API file and a define. Only util.as is
-- opened: it is checked as part of the entries (alone, Config and log would be unknown), its
-- error is shown once on its own URI though both entries report it, and the error of an entry
-- that is not open is published on that entry's URI.
local function run_multi()
  local multi = vim.fn.fnamemodify(assert(os.getenv("LSP_MULTI"), "LSP_MULTI is not set"), ":p"):gsub("/$", "")
  vim.cmd("edit " .. vim.fn.fnameescape(multi .. "/common/util.as"))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  local client_id = vim.lsp.start_client({
    name = "angelc-multi",
    cmd = { angelc, "lsp" },
    root_dir = multi,
    flags = { debounce_text_changes = 10 },
  })
  vim.lsp.buf_attach_client(buf, client_id)
  local function entry_diagnostics()
    local b = vim.fn.bufnr(multi .. "/editor.as")
    return b > 0 and vim.diagnostic.get(b) or {}
  end
  local got = vim.wait(15000, function() return #entry_diagnostics() > 0 end, 50)
  check(got, "the entry editor.as (not open) has its diagnostics")
  local d = entry_diagnostics()[1]
  check(d and d.message == "No matching symbol 'missing'" and d.lnum == 6, "the entry's error (its #if EDITOR code, defined by the project)", d)
  vim.wait(500, function() return false end, 50)
  check(#vim.diagnostic.get(buf) == 0, "util.as, checked as part of the entries, has no error", vim.diagnostic.get(buf))

  local function request(method, pos)
    local replies = vim.lsp.buf_request_sync(buf, method, { textDocument = { uri = uri }, position = pos }, 10000)
    local reply = replies and replies[client_id]
    check(reply ~= nil and reply.err == nil, method .. " answered", reply)
    return reply and reply.result
  end
  local hover = request("textDocument/hover", { line = 2, character = 5 })
  local text = hover and hover.contents and hover.contents.value or ""
  check(text:find("void log(const string&in line)", 1, true) and text:find("the game's console", 1, true),
        "hover on the host's log, from the project's API file", text)
  hover = request("textDocument/hover", { line = 6, character = 15 })
  text = hover and hover.contents and hover.contents.value or ""
  check(text:find("int speed", 1, true) and text:find("property of `Config`", 1, true), "hover on c.speed: the includer's class", text)
  local def = request("textDocument/definition", { line = 1, character = 20 })
  local loc = def and (def[1] or def)
  check(loc and loc.uri == vim.uri_from_fname(multi .. "/common/config.as") and loc.range.start.line == 1,
        "definition of Config in common/config.as", def)

  -- an error in util.as: once, on util.as, though both entries compile it
  vim.api.nvim_buf_set_lines(buf, 6, 7, true, { "    s.move(c.speed, 0, 1);" })
  got = vim.wait(15000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  vim.wait(300, function() return false end, 50)
  local diags = vim.diagnostic.get(buf, { severity = vim.diagnostic.severity.ERROR })
  check(got and #diags == 1 and diags[1].lnum == 6 and diags[1].message:find("No matching signatures to 'Sprite::move", 1, true),
        "the included file's error, once, on its own URI", diags)
  vim.api.nvim_buf_set_lines(buf, 6, 7, true, { "    s.move(c.speed, 0);" })
  got = vim.wait(15000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
  check(got, "cleared once fixed", vim.diagnostic.get(buf))
  check(#entry_diagnostics() == 1, "the entry's own error stays", entry_diagnostics())

  vim.lsp.stop_client(client_id)
  vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

local ok, err = pcall(run)
check(ok, "the test script ran", err)
if os.getenv("LSP_MULTI") then
  ok, err = pcall(run_multi)
  check(ok, "the project test ran", err)
end
io.stdout:write(string.format("%d checks, %d failed\n", checks, failures))
vim.cmd(failures == 0 and "qall!" or "cquit 1")
