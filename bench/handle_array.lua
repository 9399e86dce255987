-- Lua twin of handle_array.as: iterating over an array of objects, reading and writing fields.
local ps = {}
for i = 0, 999 do ps[#ps + 1] = {x = i, v = i % 7 - 3} end
local total = 0
for rep = 1, 20000 do
  for i = 1, #ps do local p = ps[i] p.x = p.x + p.v total = total + p.x end
end
print(string.format("%d", total))
