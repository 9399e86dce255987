-- Lua twin of dictionary.as: a table with string keys, read and written.
local d = {}
local keys = {}
for i = 0, 999 do keys[i + 1] = "key" .. i end
for i = 0, 999 do d[keys[i + 1]] = i end
local total = 0
for rep = 1, 4000 do
  for i = 1, #keys do
    local v = d[keys[i]]
    d[keys[i]] = v + 1
    total = total + v
  end
end
local n = 0
for _ in pairs(d) do n = n + 1 end
print(string.format("%d %d", total, n))
