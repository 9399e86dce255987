-- Lua twin of float_calls.as (in doubles: the printed precision hides the float rounding).
local sqrt, sin, cos, abs, floor = math.sqrt, math.sin, math.cos, math.abs, math.floor
local atan2 = math.atan2 or math.atan
local t = 0
for i = 0, 2048000 - 1 do
  local x = (i % 1024) / 1024
  t = t + (sqrt(x) + sin(x) * cos(x) + abs(x - 0.5) + floor(x * 10) + x ^ 1.5 + atan2(x, 1 - x))
end
print(string.format("%.0f", t))
