-- wrk script: POST /api/v1/state with a rotation of real positions (all four
-- games, openings to middle games). Used by scripts/load.sh.
local bodies = {
  '{"rules":"freestyle","record":"h8 i9 h9 h10 i8 g8 j7 k6 j8 k8 j9 j10 g10"}',
  '{"rules":"renju","record":"h8 a1 j8 a15 i9 o1 i10 o15"}',
  '{"rules":"renju","opening":"rif","record":"h8 h9 j10 swap i7"}',
  '{"rules":"captures","record":"j10 d3 c3 e3 f3 k11 k10 l12 m13 j9"}',
  '{"rules":"fishing","record":"h8 a1 i8 a3 j8 n1 k8 g5 c5 n3 d5 a13 e5 n13 f5 g13 l8"}',
  '{"rules":"freestyle","size":19,"record":["j10","k11","k10","j11","l11","i9","l9","m8","k9","m11"]}',
  '{"rules":"freestyle","opening":"swap2","record":"h8 i9 j7"}',
  '{"rules":"freestyle","exactFive":true,"record":"h8h9i8i9j8j9k8"}',
}
local i = 0
request = function()
  i = i % #bodies + 1
  return wrk.format("POST", "/api/v1/state", {["Content-Type"] = "application/json"}, bodies[i])
end
