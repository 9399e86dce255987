-- Method dispatch, after Wren's benchmark/method_call.lua (twin of method_call.as).
local Toggle = {} Toggle.__index = Toggle
function Toggle.new(startState) return setmetatable({state = startState}, Toggle) end
function Toggle:value() return self.state end
function Toggle:activate() self.state = not self.state return self end

local NthToggle = setmetatable({}, {__index = Toggle}) NthToggle.__index = NthToggle
function NthToggle.new(startState, maxCounter)
  local self = Toggle.new(startState)
  setmetatable(self, NthToggle)
  self.countMax = maxCounter
  self.count = 0
  return self
end
function NthToggle:activate()
  self.count = self.count + 1
  if self.count >= self.countMax then Toggle.activate(self) self.count = 0 end
  return self
end

local n = 500000
local val = true
local toggle = Toggle.new(val)
for i = 0, n - 1 do
  val = toggle:activate():value() val = toggle:activate():value()
  val = toggle:activate():value() val = toggle:activate():value()
  val = toggle:activate():value() val = toggle:activate():value()
  val = toggle:activate():value() val = toggle:activate():value()
  val = toggle:activate():value() val = toggle:activate():value()
end
local first = tostring(toggle:value())
val = true
local ntoggle = NthToggle.new(val, 3)
for i = 0, n - 1 do
  val = ntoggle:activate():value() val = ntoggle:activate():value()
  val = ntoggle:activate():value() val = ntoggle:activate():value()
  val = ntoggle:activate():value() val = ntoggle:activate():value()
  val = ntoggle:activate():value() val = ntoggle:activate():value()
  val = ntoggle:activate():value() val = ntoggle:activate():value()
end
print(first .. " " .. tostring(ntoggle:value()))
