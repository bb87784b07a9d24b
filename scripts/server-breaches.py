#!/usr/bin/env python3
"""Each way a model server can misbehave, against the release `moka` binary: the error `moka ask --json`
reports, its exit status, the time to fail and the process's peak memory.

A local HTTP server plays an OpenAI-compatible server that answers `GET /v1/models` properly and then
misbehaves on `POST /v1/chat/completions` in the way the URL's first path component names. The
question is one the server's model is asked about (many questions are answered from the rules and the
tools alone, without a request). Peak memory is the child's own (`wait4`), so each case is measured alone.

    swift build -c release --product moka
    python3 scripts/server-breaches.py [--slow] [--json Docs/results/server-breaches.json]

`--slow` adds the cases that end only at the total deadline (300 s each by default).
"""

import argparse
import http.server
import json
import os
import subprocess
import threading
import time

MB = 1 << 20


def delta(text):
    return "data: " + json.dumps({"choices": [{"index": 0, "delta": {"content": text}}]}) + "\n\n"


class Misbehaving(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        if self.path.endswith("/v1/models"):
            body = json.dumps({"object": "list", "data": [{"id": "smollm2", "object": "model"}]}).encode()
            self.reply(200, "application/json", body)
        else:
            self.reply(404, "text/plain", b"not found")

    def reply(self, status, kind, body):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def stream_head(self, status=200, kind="text/event-stream"):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Connection", "close")
        self.end_headers()

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", "0")))
        mode = self.path.strip("/").split("/")[0]
        try:
            getattr(self, "mode_" + mode.replace("-", "_"))()
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def chunks(self, total, piece):
        sent = 0
        while sent < total:
            self.wfile.write(piece)
            sent += len(piece)

    def mode_long_line(self):
        """One line of 50 MB."""
        self.stream_head()
        self.wfile.write(b"data: ")
        self.chunks(50 * MB, b"x" * (64 << 10))

    def mode_big_answer(self):
        """An answer of 50 MB in lines of 64 KB (stream comments, so no token is counted)."""
        self.stream_head()
        self.chunks(50 * MB, b": " + b"x" * ((64 << 10) - 3) + b"\n")

    def mode_endless_tokens(self):
        """Tokens without end, one every millisecond."""
        self.stream_head()
        while True:
            self.wfile.write(delta("more ").encode())
            time.sleep(0.001)

    def mode_error_body(self):
        """A 500 whose body is 50 MB."""
        self.stream_head(status=500, kind="text/plain")
        self.chunks(50 * MB, b"error " * 10000)

    def mode_garbage(self):
        """5 MB of bytes that are no JSON and no event stream."""
        self.stream_head(kind="application/json")
        self.chunks(5 * MB, bytes(range(256)) * 256)

    def mode_absurd_numbers(self):
        """A valid reply whose usage says 1e300 tokens and whose tool call has index 1e19."""
        self.stream_head()
        self.wfile.write(delta("Hello").encode())
        call = {"index": 1e19, "id": "c", "function": {"name": "cupboard", "arguments": "{}"}}
        self.wfile.write(("data: " + json.dumps({"choices": [{"index": 0, "delta": {"tool_calls": [call]}}]}) + "\n\n").encode())
        self.wfile.write(("data: " + json.dumps({"choices": [], "usage": {"prompt_tokens": 1e300, "completion_tokens": 1}}) + "\n\n").encode())
        self.wfile.write(b"data: [DONE]\n\n")

    def mode_drip(self):
        """One byte a second."""
        self.stream_head()
        for byte in delta("slow") * 1000:
            self.wfile.write(byte.encode())
            self.wfile.flush()
            time.sleep(1)

    def mode_keep_alive(self):
        """Keep-alive comments every second and nothing else."""
        self.stream_head()
        while True:
            self.wfile.write(b": keep-alive\n\n")
            self.wfile.flush()
            time.sleep(1)


QUESTION = "I like fruity coffee, what do you recommend?"
FAST = ["long-line", "big-answer", "endless-tokens", "error-body", "garbage", "absurd-numbers"]
SLOW = ["drip", "keep-alive"]


def run(moka, port, mode):
    url = f"http://127.0.0.1:{port}/{mode}/"
    start = time.monotonic()
    child = subprocess.Popen(
        [moka, "ask", "--json", "--backend", "server", "--url", url, QUESTION],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    seconds = time.monotonic() - start
    try:
        reply = json.loads(output)
    except ValueError:
        reply = {"unparsed": output[:200].decode(errors="replace")}
    error = reply.get("error") or {}
    return {
        "case": mode, "exit": os.waitstatus_to_exitcode(status), "seconds": round(seconds, 2),
        "peakMegabytes": round(usage.ru_maxrss / 1024, 1), "code": error.get("code"),
        "message": error.get("message") or reply.get("answer") or reply.get("unparsed"),
    }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--moka", default=".build/release/moka")
    parser.add_argument("--slow", action="store_true")
    parser.add_argument("--json")
    options = parser.parse_args()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Misbehaving)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    port = server.server_address[1]
    rows = [run(options.moka, port, mode) for mode in FAST + (SLOW if options.slow else [])]
    print("| case | exit | seconds | peak MB | error code | message |")
    print("| --- | ---: | ---: | ---: | --- | --- |")
    for row in rows:
        message = (row["message"] or "").replace("|", "/")[:110]
        print(f"| {row['case']} | {row['exit']} | {row['seconds']} | {row['peakMegabytes']} | {row['code']} | {message} |")
    if options.json:
        with open(options.json, "w") as file:
            json.dump({"suite": "server-breaches", "rows": rows}, file, indent=1, sort_keys=True)
    server.shutdown()


if __name__ == "__main__":
    main()
