-- wrk: POST the file named by $BODY to the URL, as JSON; count the answers that are not 200.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local file = assert(io.open(os.getenv("BODY"), "rb"))
wrk.body = file:read("*a")
file:close()

local failed = 0
function response(status, headers, body)
    if status ~= 200 then failed = failed + 1 end
end

function done(summary, latency, requests)
    io.write(string.format("answers-not-200 %d\n", summary.errors.status))
end
