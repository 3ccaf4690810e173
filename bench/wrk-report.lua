-- wrk script for the bench: optional method, body, a new X-Forwarded-For per request and bearer tokens taken in
-- turn (from the environment), and a one-line JSON summary with the percentiles the bench prints.
local method = os.getenv("WRK_METHOD")
local body = os.getenv("WRK_BODY")
local vary_ip = os.getenv("WRK_VARY_IP") == "1"
local counter = 0
local tokens = {}
for token in string.gmatch(os.getenv("WRK_TOKENS") or "", "[^,]+") do table.insert(tokens, token) end
local next_token = 0

if method then wrk.method = method end
if body then wrk.body = body end

request = function()
  if #tokens > 0 then
    next_token = next_token % #tokens + 1
    wrk.headers["Authorization"] = "Bearer " .. tokens[next_token]
  end
  if vary_ip then
    counter = counter + 1
    -- Each request from its own address, so the per-IP login limit measures nothing here.
    local n = counter + math.random(0, 1000000) * 1024
    wrk.headers["X-Forwarded-For"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)
  end
  return wrk.format()
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"duration_us":%d,"errors":%d,"non2xx":%d,"p50":%.3f,"p95":%.3f,"p99":%.3f}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000))
end
