#!/usr/bin/env python3
"""The render service against the clients of the third hardening round, on 127.0.0.1 only.

    python3 Benchmarks/serve_hardening.py Server/.build/release/mush-serve

Each case starts its own mush-serve and prints what a client saw:
  1. standard error a pipe nobody reads, every request logged: how many of 10,000 requests were
     answered 200, and the log lines the service dropped;
  2. six requests whose drawing takes minutes (translucent boxes with shadows over a large root) at
     --time-limit 2: their answers, then how long until the workers are free and a small /render is
     answered;
  3. an idle connection, and one sending its headers a byte a second: when the service closes each;
  4. 3,000 missing images in one /render: the size of Mush-Warnings and Mush-Warning-Count;
  5. 60 requests each naming 17,000 different missing images: resident memory after 1, 10, 30, 60.
"""
import http.client
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

SERVE = os.path.abspath(sys.argv[1])
PORT = 18090


def start(*options, stderr=subprocess.DEVNULL):
    process = subprocess.Popen([SERVE, "--port", str(PORT), *options], stdout=subprocess.DEVNULL, stderr=stderr)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=1).close()
            return process
        except OSError:
            time.sleep(0.1)
    raise SystemExit("mush-serve did not start")


def post(path, body, timeout=120):
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=timeout)
    connection.request("POST", path, body=body)
    response = connection.getresponse()
    data = response.read()
    connection.close()
    return response, data


def metric(name):
    connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=10)
    connection.request("GET", "/metrics")
    text = connection.getresponse().read().decode()
    connection.close()
    return sum(float(line.split()[-1]) for line in text.splitlines() if line.startswith(name))


def stop(process):
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def unread_stderr():
    # A pipe whose reading end is held open and never read: its 64 KiB fill, then writes would block.
    read, write = os.pipe()
    process = start("--log-level", "trace", "--request-log-level", "info", stderr=write)
    os.close(write)
    tree = json.dumps({"width": 20, "height": 20, "backgroundColor": "#0af"})
    answered = 0
    start_time = time.time()
    for _ in range(10000):
        try:
            response, _ = post("/render", tree, timeout=5)
            answered += response.status == 200
        except OSError:
            pass
    seconds = time.time() - start_time
    dropped = metric("mush_log_lines_dropped_total")
    stop(process)
    os.close(read)
    print(f"1. stderr never read: {answered} of 10000 answered 200 in {seconds:.1f} s; {dropped:.0f} log lines dropped")


def abandoned_work():
    process = start("--time-limit", "2", "--workers", "2")
    box = {"width": 10, "height": 10, "opacity": 0.5, "backgroundColor": "#f00",
           "shadow": {"color": "#000", "blur": 1000}}
    tree = json.dumps({"width": 3000, "height": 3000, "flexWrap": "wrap", "children": [box] * 3000})
    statuses = []
    connections = []
    for _ in range(6):
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=120)
        connection.request("POST", "/render", body=tree)
        connections.append(connection)
    for connection in connections:
        statuses.append(connection.getresponse().status)
    answered_at = time.time()
    while metric("mush_work_in_flight") > 0 and time.time() - answered_at < 120:
        time.sleep(0.05)
    free = time.time() - answered_at
    response, _ = post("/render", json.dumps({"width": 10, "height": 10, "backgroundColor": "#000"}))
    after = time.time() - answered_at
    stopped = metric("mush_jobs_stopped_total")
    never = metric("mush_jobs_never_started_total")
    stop(process)
    print(f"2. six 2-minute drawings at --time-limit 2: answered {statuses}; workers free {free:.2f} s after the "
          f"last answer, a small /render answered {response.status} {after:.2f} s after; {stopped:.0f} jobs stopped, "
          f"{never:.0f} never started")


def slow_clients():
    process = start()
    results = []
    for label, sender in [("idle connection", None), ("headers a byte a second", b"POST /render HTTP/1.1\r\nHost: x\r\n")]:
        client = socket.create_connection(("127.0.0.1", PORT))
        client.settimeout(0.5)
        opened = time.time()
        index = 0
        while True:
            if sender is not None and index < len(sender):
                try:
                    client.send(sender[index:index + 1])
                except OSError:
                    break
                index += 1
            try:
                if client.recv(4096) == b"":
                    break
            except socket.timeout:
                pass
            except OSError:
                break
            if sender is not None:
                time.sleep(0.5)
            if time.time() - opened > 200:
                break
        results.append(f"{label} closed after {time.time() - opened:.1f} s")
        client.close()
    stop(process)
    print("3. " + "; ".join(results))


def warnings_header():
    folder = tempfile.mkdtemp()
    process = start("--image-root", folder)
    images = [{"image": {"file": f"missing-{i}.png", "width": 4, "height": 4}} for i in range(3000)]
    tree = json.dumps({"flexDirection": "row", "flexWrap": "wrap", "width": 400, "children": images})
    response, _ = post("/render", tree)
    header = response.getheader("Mush-Warnings") or ""
    count = response.getheader("Mush-Warning-Count")
    stop(process)
    print(f"4. 3,000 missing images: status {response.status}, Mush-Warnings {len(header)} bytes, "
          f"Mush-Warning-Count {count}, server paths named: {folder in header}")


def header_cache():
    folder = tempfile.mkdtemp()
    process = start("--image-root", folder)

    def rss():
        with open(f"/proc/{process.pid}/status") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmRSS")) / 1024

    sizes = [rss()]
    for request in range(60):
        images = [{"image": {"file": f"m{request}-{i}.png", "width": 1, "height": 1}} for i in range(17000)]
        response, _ = post("/render", json.dumps({"width": 400, "flexDirection": "row", "flexWrap": "wrap",
                                                  "children": images}, separators=(",", ":")))
        assert response.status == 200, response.status
        if request + 1 in (1, 10, 30, 60):
            sizes.append(rss())
    stop(process)
    print("5. requests naming 17,000 different missing images each: resident memory "
          + ", ".join(f"{size:.0f} MB" for size in sizes) + " (before any, after 1, 10, 30 and 60)")


for case in (unread_stderr, abandoned_work, slow_clients, warnings_header, header_cache):
    case()
