-- Appended to the wrk scripts by scripts/load.sh: one machine-readable line
-- per run (latencies in milliseconds; errors: non-2xx answers and socket
-- errors).
done = function(summary, latency, requests)
  local e = summary.errors
  local secs = summary.duration / 1e6
  io.write(string.format(
    "RESULT requests=%d seconds=%.1f rps=%.1f p50_ms=%.2f p99_ms=%.2f max_ms=%.2f non2xx=%d connect=%d read=%d write=%d timeout=%d\n",
    summary.requests, secs, summary.requests / secs, latency:percentile(50) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000, e.status, e.connect, e.read, e.write, e.timeout))
end

-- The first few failed answers, to see what went wrong.
local shown = 0
response = function(status, headers, body)
  if status >= 300 and shown < 5 then
    shown = shown + 1
    io.write(string.format("FAILED %d %s\n", status, body:sub(1, 300)))
  end
end
