-- Lua twin of member_array.as: a method reading a member array of its object in a loop.
local Grid = {} Grid.__index = Grid
function Grid.new(n) local g = setmetatable({cells = {}}, Grid) for i = 0, n - 1 do g.cells[i + 1] = (i * 7) % 13 end return g end
function Grid:sum() local s = 0 for i = 1, #self.cells do s = s + self.cells[i] end return s end
local g = Grid.new(1000)
local total = 0
for rep = 1, 20000 do total = total + g:sum() end
print(string.format("%d", total))
