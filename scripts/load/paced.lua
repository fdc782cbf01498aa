-- Appended by scripts/load.sh for the paced run: each connection waits
-- this long (ms) before its next request, a browser-like pace, so the
-- latencies are the answers' own and not the queue of a saturated server.
delay = function() return 10 end
