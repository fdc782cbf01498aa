-- wrk script: POST /api/v1/move, the computer's turn at the easy and medium
-- levels alternately, over positions of all four games. Used by
-- scripts/load.sh with as many connections as the server's --max-searches,
-- so no request has to be refused as busy.
local bodies = {
  '{"rules":"freestyle","level":"easy","record":"h8 i9 h9"}',
  '{"rules":"freestyle","level":"medium","record":"h8 i9 h9 h10 i8"}',
  '{"rules":"renju","level":"easy","record":"h8 i9 j10"}',
  '{"rules":"renju","level":"medium","record":"h8 a1 j8 a15 i9 o1 i10"}',
  '{"rules":"captures","level":"easy","record":"j10 d3 c3 e3 f3"}',
  '{"rules":"captures","level":"medium","record":"j10 k11 n10"}',
  '{"rules":"fishing","level":"easy","record":"h8 a1 c14 a2 o8 a3 n1 a4 o15"}',
  '{"rules":"fishing","level":"normal","record":"h8 i9 h9"}',
}
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", "/api/v1/move", {["Content-Type"] = "application/json"}, bodies[i])
end
